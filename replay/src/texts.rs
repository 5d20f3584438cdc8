//! Many short texts in one buffer: how the questions with many answers (the legal moves of a
//! position) hand them to a caller that makes strings of its own from them (the Python
//! package), with no string allocated for each answer.

/// Texts written one after another into one string, listed in an order of their own (not
/// necessarily the order written). Filled by a question (`backgammon::query::write_plays`,
/// `arimaa::query::write_turns`), read by [`iter`](Self::iter); kept between questions, its
/// buffers are allocated once.
///
/// ```
/// use tabula_engine::backgammon::Position;
/// use tabula_replay::backgammon::query;
/// use tabula_replay::texts::Texts;
///
/// let mut texts = Texts::new();
/// query::write_plays(&Position::start(), "31".parse()?, &mut texts);
/// assert_eq!(texts.len(), 16);
/// assert_eq!(texts.iter().collect::<Vec<_>>(), query::plays(&Position::start(), "31".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Texts {
    /// The texts, in the order written.
    text: String,
    /// Where each text lies in `text` (start, end), in the order listed.
    spans: Vec<(u32, u32)>,
}

impl Texts {
    /// No texts.
    pub fn new() -> Texts {
        Texts::default()
    }

    /// Drops the texts, keeping the room they took.
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
    }

    /// How many texts there are.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The texts, in their order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.spans.iter().map(|&(start, end)| self.text.get(start as usize..end as usize).unwrap_or_default())
    }

    /// The texts as strings of their own, in their order.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(str::to_owned).collect()
    }

    /// Empties the texts and lends their buffers to `write`, which appends the texts' bytes
    /// (UTF-8) to the first and where each lies (start, end), in the order the texts are
    /// listed, to the second. The buffers keep their room for the next call.
    pub(crate) fn fill(&mut self, write: impl FnOnce(&mut Vec<u8>, &mut Vec<(u32, u32)>)) {
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        self.spans.clear();
        write(&mut bytes, &mut self.spans);
        self.text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        // A span off a character boundary would read as the empty text: none is, as written.
    }
}
