//! What a record says about a game besides its moves, as people search an archive by it: the
//! players as the record writes them, the event, the date, and a backgammon match's length.

/// What a record says about a game besides its moves (`tabula index` keeps it).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameMeta {
    /// The players as the record writes them, in the order of its sides (Arimaa Gold, Silver;
    /// backgammon the left column, the right; Stones and Rivers Square, Circle); a side the
    /// record does not name is empty.
    pub players: [String; 2],
    /// The event, when the record names one.
    pub event: Option<String>,
    /// The date, as the record writes it.
    pub date: Option<String>,
    /// Backgammon: the match's length in points (0: money play); `None` elsewhere or when
    /// the record does not say.
    pub match_length: Option<u32>,
}

impl GameMeta {
    /// The value of the first of `keys` found among `tags` (keys compared without regard to
    /// case), trimmed; `None` when none is there or it is empty.
    pub fn tag(tags: &[(String, String)], keys: &[&str]) -> Option<String> {
        keys.iter().find_map(|k| {
            let (_, v) = tags.iter().find(|(key, _)| key.eq_ignore_ascii_case(k))?;
            let v = v.trim();
            (!v.is_empty()).then(|| v.to_owned())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::GameMeta;

    #[test]
    fn tags_are_found_by_any_of_their_names() {
        let tags = vec![("EventDate".to_owned(), " 2020-01-02 ".to_owned()), ("Event".to_owned(), String::new())];
        assert_eq!(GameMeta::tag(&tags, &["Date", "eventdate"]), Some("2020-01-02".to_owned()));
        assert_eq!(GameMeta::tag(&tags, &["Event"]), None);
    }
}
