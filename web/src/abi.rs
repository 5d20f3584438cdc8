//! The module's edge: three exported functions and two buffers, so that the page needs nothing
//! but the browser's `WebAssembly` (no generated glue).
//!
//! 1. `tabula_input(len)` makes the input buffer `len` bytes long and returns where it starts in
//!    the module's memory; the page writes the request's UTF-8 JSON there.
//! 2. `tabula_request(len)` reads the request, answers it and returns the answer's length.
//! 3. `tabula_output()` returns where the answer (UTF-8 JSON) starts; the page reads it.
//!
//! No pointer is taken from the page: the buffers are the module's own vectors, and the page
//! only writes and reads the bytes they hold between calls. The one thing the `unsafe_code` lint
//! counts here is `#[no_mangle]`, which gives the functions their names in the module (allowed
//! in this module alone).
#![allow(unsafe_code)]

use std::cell::RefCell;

use serde_json::{json, Value};

use crate::Session;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
}

/// The input buffer made `len` bytes long (zeros); where it starts.
#[no_mangle]
pub extern "C" fn tabula_input(len: usize) -> usize {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr() as usize
    })
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn tabula_output() -> usize {
    OUTPUT.with_borrow_mut(|output| output.as_mut_ptr() as usize)
}

/// Answers the request in the first `len` bytes of the input buffer; the answer's length.
#[no_mangle]
pub extern "C" fn tabula_request(len: usize) -> usize {
    let request = INPUT.with_borrow(|input| input.get(..len).map(<[u8]>::to_vec).unwrap_or_default());
    let answer = answer(&request).to_string();
    OUTPUT.with_borrow_mut(|output| {
        output.clear();
        output.extend_from_slice(answer.as_bytes());
        output.len()
    })
}

/// The answer to one request's bytes: `open` makes the session, the rest go to it.
pub fn answer(request: &[u8]) -> Value {
    let req: Value = match serde_json::from_slice(request) {
        Ok(v) => v,
        Err(e) => {
            return json!({"error": {"kind": "syntax", "message": format!("not a request: {e}"), "candidates": []}})
        }
    };
    let text = |key: &str| req.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    let refused = |e: tabula_replay::Refusal| json!({"error": {"kind": e.kind, "message": e.message, "candidates": e.candidates, "suggestions": e.suggestions}});
    // The requests that leave the board as it is.
    match text("op").as_str() {
        "read" => return crate::read_pasted(&text("game"), &text("text"), &text("view")).unwrap_or_else(refused),
        "sgf" => {
            let tree = req.get("tree").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            return crate::sgf_tree(&text("position"), tree).map_or_else(refused, |sgf| json!({ "sgf": sgf }));
        }
        _ => {}
    }
    SESSION.with_borrow_mut(|session| {
        if text("op") == "open" {
            match Session::open(&text("game"), &text("position"), &text("view")) {
                Ok(mut s) => {
                    if let Some(line) = req.get("line").and_then(Value::as_array) {
                        s.replay(line);
                    }
                    let state = s.state();
                    *session = Some(s);
                    state
                }
                Err(e) => json!({"error": {"kind": e.kind, "message": e.message, "candidates": e.candidates}}),
            }
        } else {
            match session {
                Some(s) => s.request(&req),
                None => json!({"error": {"kind": "syntax", "message": "no board: open one first", "candidates": []}}),
            }
        }
    })
}
