//! What the three `Board` classes share, written once: a Python class around one of the
//! library's boards (`tabula_replay::<game>::board::Board`), made from a position text or the
//! game's start, with the moves made, `pop`, copies, the diagram and the SVG picture of `tabula
//! replay`. Each game's module gives the rest (its moves, its outcome, its equality).

/// Declares `pub struct Board` (the Python class `Board` of module `$module`, around the
/// library's board `$inner`) and its methods: those every board has, then `$methods`.
///
/// `$position` is the library board's method giving the position text, `$pop_empty` the message
/// of `pop` on a board with nothing to take back; the doc strings are the Python docstrings of
/// the class and of what differs in wording between the games.
macro_rules! board_class {
    (
        $(#[$class_doc:meta])*
        module: $module:literal,
        inner: $inner:ty,
        position: $position:ident, $position_doc:literal,
        move_stack: $move_stack_doc:literal,
        pop: $pop_doc:literal, $pop_empty:literal,
        copy: $copy_doc:literal,
        str: $str_doc:literal,
        svg: $svg_doc:literal,
        { $($methods:tt)* }
    ) => {
        $(#[$class_doc])*
        #[pyo3::pyclass(module = $module, name = "Board")]
        #[derive(Clone)]
        pub struct Board {
            pub(crate) inner: $inner,
        }

        #[pyo3::pymethods]
        impl Board {
            #[new]
            #[pyo3(signature = (position=None))]
            fn new(
                py: pyo3::Python<'_>,
                position: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
            ) -> pyo3::PyResult<Board> {
                let inner = match position {
                    None => <$inner>::new(),
                    Some(text) => <$inner>::from_position(&crate::text(text, "position")?)
                        .map_err(|r| crate::refusal_err(py, r))?,
                };
                Ok(Board { inner })
            }

            #[doc = $position_doc]
            #[getter]
            fn position(&self) -> String {
                self.inner.$position()
            }

            #[doc = $move_stack_doc]
            #[getter]
            fn move_stack(&self) -> Vec<String> {
                self.inner.moves().map(str::to_owned).collect()
            }

            #[doc = $pop_doc]
            fn pop(&mut self) -> pyo3::PyResult<String> {
                self.inner.pop().ok_or_else(|| pyo3::exceptions::PyIndexError::new_err($pop_empty))
            }

            #[doc = $copy_doc]
            fn copy(&self) -> Board {
                self.clone()
            }

            fn __copy__(&self) -> Board {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Board {
                self.clone()
            }

            fn __repr__(&self) -> String {
                format!(concat!($module, ".Board('{}')"), self.position())
            }

            #[doc = $str_doc]
            fn __str__(&self) -> String {
                self.inner.diagram()
            }

            #[doc = $svg_doc]
            fn _repr_svg_(&self) -> String {
                self.inner.svg()
            }

            $($methods)*
        }
    };
}

pub(crate) use board_class;
