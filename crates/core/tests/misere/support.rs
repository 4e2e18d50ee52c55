//! Building misère games from CGSuite-style specifiers (`*[[2],1]`,
//! `*[[*[4]+*[2]]]`), as MISERE 2 defines them, for the tests.

use onag_core::misere::Misere;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) {
        assert_eq!(self.peek(), Some(c), "expected {} at {}", c as char, self.i);
        self.i += 1;
    }

    /// expr := term ('+' term)*
    fn expr(&mut self) -> Misere {
        let mut g = self.term();
        while self.peek() == Some(b'+') {
            self.i += 1;
            g = g + self.term();
        }
        g
    }

    /// term := '*' list, unwrapping a one-element list.
    fn term(&mut self) -> Misere {
        self.eat(b'*');
        let items = self.list();
        if items.len() == 1 {
            items[0]
        } else {
            Misere::from_options(items)
        }
    }

    /// list := '[' elem (',' elem)* ']' ; the elements' values.
    fn list(&mut self) -> Vec<Misere> {
        self.eat(b'[');
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.i += 1;
            return items;
        }
        loop {
            items.push(self.elem());
            match self.peek() {
                Some(b',') => self.i += 1,
                _ => break,
            }
        }
        self.eat(b']');
        items
    }

    /// elem := integer | list | expr
    fn elem(&mut self) -> Misere {
        match self.peek() {
            Some(b'[') => Misere::from_options(self.list()),
            Some(b'*') => self.expr(),
            _ => {
                let start = self.i;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                }
                let n: u32 = std::str::from_utf8(&self.s[start..self.i])
                    .expect("ascii")
                    .parse()
                    .expect("a heap size");
                Misere::nim(n)
            }
        }
    }
}

/// The game of a specifier such as `*[[2],1]` or `*[2]+*[[2]]`.
pub fn mg(spec: &str) -> Misere {
    let spec: String = spec.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = Parser {
        s: spec.as_bytes(),
        i: 0,
    };
    let g = p.expr();
    assert_eq!(p.i, spec.len(), "trailing input in {spec}");
    g
}

/// A list printed as CGSuite prints lists: `[a,b,c]`.
pub fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let parts: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    format!("[{}]", parts.join(","))
}
