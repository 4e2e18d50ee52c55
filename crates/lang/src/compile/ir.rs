//! The resolved tree the interpreter runs.
//!
//! The compiler ([`super`]) resolves every name once, before running: a
//! local variable becomes a slot of a frame (`Local`, or `Outer` for a frame
//! further out, reached through the chain of captured frames), a member of
//! the current object a by-name member access (dispatched on the run-time
//! class, with an inline cache), a worksheet variable an index into the
//! session's global table, and a class name a lazily loaded class.

use crate::ast::{BinOp, Span, UnaryOp};
use crate::classes::ClassRef;
use crate::error::{EvalError, Source};
use crate::interp::NativeFn;
use crate::value::Value;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// A node and the source span it came from.
pub struct Node {
    /// What the node does.
    pub kind: NodeKind,
    /// Where it is written.
    pub span: Span,
}

impl Node {
    /// A node of this kind at this span.
    pub fn new(kind: NodeKind, span: Span) -> Node {
        Node { kind, span }
    }
}

/// A variable of the session (worksheet variable): its index in the
/// session's table and its name.
#[derive(Clone)]
pub struct GlobalRef {
    /// Index in the session's global table.
    pub index: usize,
    /// The name.
    pub name: Rc<str>,
}

/// A class named in code, loaded the first time the node runs, and again
/// after the library changes.
pub struct ClassName {
    /// The qualified name.
    pub qualified: Rc<str>,
    /// The class, with the library generation it was loaded in.
    pub cache: RefCell<Option<(u64, ClassRef)>>,
}

impl ClassName {
    /// A not yet loaded reference to `qualified`.
    pub fn new(qualified: Rc<str>) -> ClassName {
        ClassName {
            qualified,
            cache: RefCell::new(None),
        }
    }
}

/// A member of the current object or of an enclosing object, named by a
/// bare identifier in class code.
pub struct MemberRef {
    /// 0 for `this`, 1 for its enclosing object, and so on.
    pub level: u32,
    /// The member's name.
    pub name: Rc<str>,
    /// When the member was last read as a field: the id of the object's
    /// class and the field's index in its layout (0, 0: never). Ids are
    /// never reused, so a hit is always the field of this name.
    pub field_cache: std::cell::Cell<(u64, usize)>,
}

impl MemberRef {
    /// A reference to member `name` of the object `level` levels out.
    pub fn new(level: u32, name: Rc<str>) -> MemberRef {
        MemberRef {
            level,
            name,
            field_cache: std::cell::Cell::new((0, 0)),
        }
    }
}

/// A static field: the class that declares it and the field's index.
pub struct StaticRef {
    /// The declaring class.
    pub class: ClassName,
    /// The field's name.
    pub name: Rc<str>,
}

/// Where an assignment stores its value.
pub enum Target {
    /// A slot of the current frame.
    Local(u32),
    /// A slot of a frame `depth` levels out.
    Outer(u32, u32),
    /// A session variable.
    Global(GlobalRef),
    /// A field of the current (or an enclosing) object.
    Member(MemberRef),
    /// A static field.
    Static(StaticRef),
}

/// The arguments of a call as written.
pub struct ArgsIR {
    /// Positional arguments.
    pub positional: Vec<Node>,
    /// Named arguments, in the order written.
    pub named: Vec<(Rc<str>, Node)>,
    /// A syntax-level mistake in the argument list, reported when the call
    /// runs: a named argument before a positional one, or a name given
    /// twice.
    pub error: Option<String>,
}

/// A function parameter.
pub struct ParamIR {
    /// The name.
    pub name: Rc<str>,
    /// Its slot in the function's frame.
    pub slot: u32,
    /// `as Type`.
    pub ty: Option<ClassName>,
    /// `? default`, evaluated in the callee's frame.
    pub default: Option<Node>,
    /// `name...`.
    pub expand: bool,
}

/// A compiled function: a lambda, a method body, a `def`, an input.
pub struct FunctionIR {
    /// The parameters.
    pub params: Vec<ParamIR>,
    /// The number of slots of its frame.
    pub frame_size: u32,
    /// The body.
    pub body: Node,
    /// How the function prints (its source, re-rendered).
    pub text: Rc<str>,
    /// The class file it was written in (`None`: the session's input).
    pub source: Option<Arc<Source>>,
}

/// The source of one loop head's values. (One per loop head: the size of
/// the range variant does not matter.)
#[allow(clippy::large_enum_variant)]
pub enum HeadSource {
    /// `from A [to B] [by C]`.
    Range {
        /// The first value.
        from: Node,
        /// The last value.
        to: Option<Node>,
        /// The step.
        by: Option<Node>,
    },
    /// `in COLLECTION`.
    In(Node),
    /// `:= VALUE`.
    Assign(Node),
    /// A head-less `while` loop.
    While,
}

/// One loop head.
pub struct HeadIR {
    /// Where the loop variable goes (a slot of the head's frame).
    pub var: Option<u32>,
    /// Its values.
    pub source: HeadSource,
    /// `while W` (for a head-less loop, the condition).
    pub while_: Option<Node>,
    /// `where P`.
    pub where_: Option<Node>,
    /// When set, each iteration of this head runs in a fresh frame of this
    /// size (a lambda in the loop may capture the iteration's variables).
    pub frame: Option<u32>,
    /// The head's source span.
    pub span: Span,
}

/// What a loop does with each iteration.
pub enum LoopBodyIR {
    /// `do ... end`: for effect; the loop is worth `Nothing`.
    Do(Node),
    /// `yield S1 yield S2 ... end`: each section's value is appended.
    Yield(Vec<Node>),
    /// `[e for ...]`: the values collected in a list.
    List(Node),
    /// `{e for ...}`: the values collected in a set.
    Set(Node),
    /// `{k => v for ...}`: the entries collected in a map.
    Map(Node, Node),
}

/// A loop or comprehension.
pub struct LoopIR {
    /// Its heads, outermost first.
    pub heads: Vec<HeadIR>,
    /// Its body.
    pub body: LoopBodyIR,
}

/// What a node does.
pub enum NodeKind {
    /// A constant value.
    Const(Value),
    /// An error known before running (raised when the node runs).
    Raise(Box<EvalError>),
    /// A slot of the current frame.
    Local(u32),
    /// A slot of a frame further out.
    Outer(u32, u32),
    /// A session variable (or, when it has no value, a constant of that
    /// name: `Left`, a built-in ruleset, a package...).
    Global(GlobalRef),
    /// `target := value`; worth the value.
    Assign(Target, Box<Node>),
    /// `var x [:= value]` for a local: the slot gets the value or Nothing.
    Declare(u32, Option<Box<Node>>),
    /// `this`.
    This,
    /// A bare member name in class code: a field's value, an auto-invoked
    /// method's result, a nested class, a static field.
    Member(MemberRef),
    /// A bare call in class code: `Name(args)`.
    CallMember(MemberRef, ArgsIR),
    /// A static field's value.
    Static(StaticRef),
    /// A class named in code (a singleton class gives its instance).
    Class(ClassName),
    /// Statements in order; worth the last one's value (Nothing if none).
    Seq(Vec<Node>),
    /// `if` with its branches and `else`.
    If(Vec<(Node, Node)>, Option<Box<Node>>),
    /// A loop or comprehension.
    Loop(Box<LoopIR>),
    /// A lambda: a function closed over the current frame.
    Lambda(Rc<FunctionIR>),
    /// `f(args)`.
    Call(Box<Node>, ArgsIR),
    /// `receiver.Name` (args `None`) or `receiver.Name(args)`.
    Method(Box<Node>, Rc<str>, Option<ArgsIR>),
    /// `super.Name(args)`: the method the class named here inherits.
    Super(ClassName, Rc<str>, Option<ArgsIR>),
    /// A prefix operator.
    Unary(UnaryOp, Box<Node>),
    /// A binary operator (not `and`/`or`).
    Binary(BinOp, Box<Node>, Box<Node>),
    /// `a + b - c ...`: operators applied from left to right (a flat chain).
    Chain(Box<Node>, Vec<(BinOp, Node)>),
    /// `a and b` (short-circuit).
    And(Box<Node>, Box<Node>),
    /// `a or b` (short-circuit).
    Or(Box<Node>, Box<Node>),
    /// `[a, b]`.
    List(Vec<Node>),
    /// `{a, b}`.
    Set(Vec<Node>),
    /// `{k => v}`.
    Map(Vec<(Node, Node)>),
    /// `(a, b)`: Coordinates.
    Tuple(Vec<Node>),
    /// `+-(a, b)` / `+-{a, b}`: the switch `{a, b | -a, -b}`.
    Switch(Vec<Node>),
    /// `{L | R}`.
    Game(Vec<Node>, Vec<Node>),
    /// `'{L | R}'`: an explicit game, options kept as they are.
    Explicit(Vec<Node>, Vec<Node>),
    /// A loopy specifier: a brace with `pass` or a label, with every brace
    /// nested in it (LOOPY 1.2-1.4).
    Loopy(Box<LoopyNode>),
    /// A term with a computed part: number + ups (a multiple) + star
    /// (`*(e)`).
    Term(Box<TermIR>),
    /// `t[i]`.
    Index(Box<Node>, Box<Node>),
    /// `a .. b [.. step]`.
    Range(Box<Node>, Box<Node>, Option<Box<Node>>),
    /// `return [value]`.
    Return(Option<Box<Node>>),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `error(message)`.
    Error(Box<Node>),
    /// A method implemented natively (an `external` method of the embedded
    /// library), reading its arguments from the frame.
    Native(NativeFn),
}

/// A number-up-star term whose up multiple or star is computed.
pub struct TermIR {
    /// The constant part (number and fixed ups and star).
    pub base: onag_core::game::Game,
    /// `^ x`: the number of ups, and whether they are ups (or downs).
    pub ups: Option<(Node, bool)>,
    /// `*(e)`: the nim value.
    pub star: Option<Node>,
}

/// A node of a loopy specifier (LOOPY 1.2-1.4): `label{left, pass | right}`.
pub struct LoopyNode {
    /// The node's label, visible to the options inside it.
    pub label: Option<String>,
    /// Left's options, in the order written.
    pub left: Vec<LoopyOption>,
    /// Right's options, in the order written.
    pub right: Vec<LoopyOption>,
    /// `pass` among Left's and among Right's options.
    pub pass: [bool; 2],
}

/// One option of a loopy specifier node.
pub enum LoopyOption {
    /// A nested brace: a vertex of the same graph.
    Node(LoopyNode),
    /// A bare name that is the label of an enclosing node.
    Label(String),
    /// Any other expression, evaluated to a stopper (or a collection of
    /// them).
    Value(Node),
}
