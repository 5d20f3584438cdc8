//! Writing `.sgf` matches.
