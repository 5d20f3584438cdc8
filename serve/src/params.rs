//! A request's query, read strictly: each parameter known to its path, given once, in UTF-8.

/// The parameters of one request's query.
#[derive(Debug, Default)]
pub struct Params {
    pairs: Vec<(&'static str, String)>,
}

impl Params {
    /// Reads `query` (the part of the request's target after `?`), whose parameters must be
    /// among `known`. A value's `+` is a space and `%XX` a byte, as browsers write forms.
    ///
    /// # Errors
    /// The program's message for a person: a parameter unknown to the path, given twice, or
    /// whose name or value is not UTF-8 once decoded.
    pub fn read(query: Option<&str>, known: &[&'static str]) -> Result<Params, String> {
        let mut pairs: Vec<(&'static str, String)> = Vec::new();
        for part in query.unwrap_or_default().split('&').filter(|p| !p.is_empty()) {
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            let name = decode(name).map_err(|()| "a parameter's name is not UTF-8".to_owned())?;
            let Some(&known_name) = known.iter().find(|k| **k == name) else {
                return Err(if known.is_empty() {
                    format!("unknown parameter `{}`: this page takes none", shown(&name))
                } else {
                    format!("unknown parameter `{}`: this page takes {}", shown(&name), known.join(", "))
                });
            };
            if pairs.iter().any(|(n, _)| *n == known_name) {
                return Err(format!("parameter `{known_name}` given twice"));
            }
            let value = decode(value).map_err(|()| format!("parameter `{known_name}` is not UTF-8"))?;
            pairs.push((known_name, value));
        }
        Ok(Params { pairs })
    }

    /// The value of parameter `name`, when given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// The value of parameter `name`, when given and not empty.
    pub fn non_empty(&self, name: &str) -> Option<&str> {
        self.get(name).filter(|v| !v.trim().is_empty())
    }
}

/// `text` with `+` read as a space and `%XX` as a byte, which must make UTF-8.
fn decode(text: &str) -> Result<String, ()> {
    let spaced = text.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced).decode_utf8().map(|c| c.into_owned()).map_err(|_| ())
}

/// A name as an error quotes it: at most 40 characters, control characters as `?`.
fn shown(name: &str) -> String {
    let mut out: String = name.chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
    if name.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Params;

    #[test]
    fn reads_known_parameters_once_each() {
        let p =
            Params::read(Some("game=backgammon&position=4HPwATDgc%2FABMA&player=a+b"), &["game", "position", "player"])
                .unwrap_or_default();
        assert_eq!(p.get("game"), Some("backgammon"));
        assert_eq!(p.get("position"), Some("4HPwATDgc/ABMA"));
        assert_eq!(p.get("player"), Some("a b"));
        assert_eq!(p.get("dice"), None);
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        let known = ["game", "position"];
        assert_eq!(
            Params::read(Some("game=a&x=1"), &known).err().as_deref(),
            Some("unknown parameter `x`: this page takes game, position")
        );
        assert_eq!(Params::read(Some("game=a&game=b"), &known).err().as_deref(), Some("parameter `game` given twice"));
        assert_eq!(Params::read(Some("game=%ff%fe"), &known).err().as_deref(), Some("parameter `game` is not UTF-8"));
        assert_eq!(Params::read(Some("%ff=1"), &known).err().as_deref(), Some("a parameter's name is not UTF-8"));
        assert!(Params::read(Some("&&game=&"), &known).is_ok());
    }
}
