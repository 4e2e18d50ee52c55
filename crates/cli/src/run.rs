//! Running one input under supervision: a time limit, a progress spinner for
//! long evaluations, cancellation, and errors reported with the source.

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use onag_core::{interrupt, memory};
use onag_lang::{Error, Interp, Value};
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::time::Duration;

/// Why an input has no value.
#[derive(Debug)]
pub enum Failure {
    /// A syntax or evaluation error of the language.
    Language(Error),
    /// Ctrl-C stopped the computation.
    Interrupted,
    /// The time limit stopped the computation.
    TimedOut(Duration),
    /// The computation was stopped when the process's memory passed this
    /// many bytes.
    OutOfMemory(u64),
    /// A defect: a panic that is not a cancellation.
    Internal(String),
}

impl Failure {
    /// The error as one line.
    pub fn message(&self) -> String {
        match self {
            Failure::Language(e) => brief(&e.to_string().replace('\n', " ")),
            Failure::Interrupted => "Interrupted".into(),
            Failure::TimedOut(d) => format!("Timed out after {} s", d.as_secs_f64()),
            Failure::OutOfMemory(limit) => format!(
                "Stopped: the memory in use passed the limit of {} (--max-memory); \
                 the session's tables of ruleset values were cleared",
                onag_core::memory::human(u128::from(*limit))
            ),
            Failure::Internal(what) => format!("internal error: {}", what.replace('\n', " ")),
        }
    }

    /// The place in the input the error is about, if it has one.
    fn span(&self) -> Option<Range<usize>> {
        match self {
            Failure::Language(Error::Parse(e)) => Some(e.span.start()..e.span.end()),
            Failure::Language(Error::Eval(e)) => e.span.map(|s| s.start()..s.end()),
            _ => None,
        }
    }

    /// The error with the offending source underlined where it has a
    /// position (`name` labels the source: `<input>` or a file name).
    pub fn render(&self, src: &str, name: &str, color: bool) -> String {
        self.render_in(src, 0, name, color)
    }

    /// As [`Failure::render`], for an input that starts at byte `offset` of
    /// the larger text `whole` (a script file): the location and the source
    /// line shown are those of the file.
    pub fn render_in(&self, whole: &str, offset: usize, name: &str, color: bool) -> String {
        let label = match self {
            Failure::Language(Error::Parse(_)) => "here",
            _ => "in this expression",
        };
        let span = self
            .span()
            .map(|s| s.start.saturating_add(offset)..s.end.saturating_add(offset));
        render_error(&self.message(), span, label, whole, name, color)
    }
}

/// An error message, with the part `span` of `src` underlined and labelled
/// when it has one; every error of the command line is printed this way,
/// starting `error: `.
pub fn render_error(
    message: &str,
    span: Option<Range<usize>>,
    label: &str,
    src: &str,
    name: &str,
    color: bool,
) -> String {
    let plain = || {
        if color {
            format!("\x1b[31merror\x1b[0m: {message}")
        } else {
            format!("error: {message}")
        }
    };
    let Some(mut span) = span else {
        return plain();
    };
    span.end = span.end.max(span.start).min(src.len());
    span.start = span.start.min(span.end);
    let mut out = Vec::new();
    let written = Report::build(ReportKind::Error, (name, span.clone()))
        .with_config(
            Config::default()
                .with_index_type(IndexType::Byte)
                .with_color(color),
        )
        .with_message(message)
        .with_label(Label::new((name, span)).with_message(label))
        .finish()
        .write((name, Source::from(src)), &mut out);
    match written {
        // The report's header is ariadne's `Error:`; the command line's
        // errors all start `error:`, as clap's and Rust tools' do.
        Ok(()) => String::from_utf8_lossy(&out)
            .trim_end()
            .replacen("Error:", "error:", 1),
        Err(_) => plain(),
    }
}

/// How inputs are supervised.
#[derive(Clone, Copy, Debug, Default)]
pub struct Supervision {
    /// Stop each input after this long.
    pub timeout: Option<Duration>,
    /// Show a spinner on standard error for inputs running over a second
    /// (only when standard error is a terminal).
    pub progress: bool,
    /// Stop an input when the process's resident memory passes this many
    /// bytes (checked ten times a second).
    pub max_memory: Option<u64>,
}

/// The longest error message shown whole; a longer one (one that quotes a
/// huge value) is cut, saying how long it was.
const MAX_MESSAGE: usize = 2000;

/// `message`, cut to [`MAX_MESSAGE`] characters.
fn brief(message: &str) -> String {
    let total = message.chars().count();
    if total <= MAX_MESSAGE {
        return message.to_string();
    }
    let head: String = message.chars().take(MAX_MESSAGE).collect();
    format!("{head}... (the message goes on: {total} characters in all)")
}

/// The resident memory of this process, in bytes (Linux; None elsewhere).
pub fn resident_memory() -> Option<u64> {
    memory::resident()
}

/// The peak resident memory of this process since it started or since the
/// last [`reset_peak_memory`], in bytes (Linux; None elsewhere).
pub fn peak_memory() -> Option<u64> {
    memory::proc_kilobytes("/proc/self/status", "VmHWM:")
}

/// Start measuring the peak resident memory afresh (Linux: the peak is
/// set back to the present resident memory).
pub fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The memory limit of an input when none is given: three quarters of the
/// machine's memory (Linux; none elsewhere).
pub fn default_max_memory() -> Option<u64> {
    memory::proc_kilobytes("/proc/meminfo", "MemTotal:").map(|m| m / 4 * 3)
}

/// Run one input: its value (None when it ends with `;`) or why not.
pub fn run(interp: &mut Interp, src: &str, how: Supervision) -> Result<Option<Value>, Failure> {
    supervised(how, || interp.run(src))
}

/// Run one input and show its value with `show` (its text, its JSON
/// object), both under the same supervision: printing a huge value counts
/// against the time limit and stops at Ctrl-C like the computation.
pub fn run_shown<T>(
    interp: &mut Interp,
    src: &str,
    how: Supervision,
    show: impl FnOnce(&Value) -> T,
) -> Result<Option<T>, Failure> {
    supervised(how, || Ok(interp.run(src)?.map(|v| show(&v))))
}

/// Run `work` under supervision: stopped at the time limit, past the
/// memory limit or by Ctrl-C (through [`interrupt`]), with a spinner on a
/// terminal after a second, and a panic turned into [`Failure::Internal`].
pub fn supervised<T>(
    how: Supervision,
    work: impl FnOnce() -> Result<T, Error>,
) -> Result<T, Failure> {
    interrupt::clear();
    let watched = how.timeout.is_some() || how.progress || how.max_memory.is_some();
    if watched {
        watchdog::watch(how);
    }
    let outcome = panic::catch_unwind(AssertUnwindSafe(work));
    let stop = if watched {
        watchdog::unwatch()
    } else {
        watchdog::Stop::None
    };
    interrupt::clear();
    if stop == watchdog::Stop::Memory {
        // Give the memory of the ruleset tables back, so that the next
        // input starts below the limit.
        onag_rules::framework::cache::forget_all();
    }
    let stopped = || match stop {
        watchdog::Stop::Memory => Failure::OutOfMemory(how.max_memory.unwrap_or_default()),
        watchdog::Stop::Time => Failure::TimedOut(how.timeout.unwrap_or_default()),
        watchdog::Stop::None => Failure::Interrupted,
    };
    match outcome {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) if e.kind() == onag_lang::ErrorKind::Interrupted => Err(stopped()),
        Ok(Err(e)) => Err(Failure::Language(e)),
        Err(payload) if interrupt::is_interrupted(&*payload) => Err(stopped()),
        Err(payload) if interrupt::refusal(&*payload).is_some() => {
            let message = interrupt::refusal(&*payload).unwrap_or_default();
            Err(Failure::Language(Error::Eval(onag_lang::EvalError::of(
                onag_lang::ErrorKind::ResourceLimit,
                message,
            ))))
        }
        Err(payload) => Err(Failure::Internal(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".to_string()),
        )),
    }
}

/// One thread for the whole process that watches the running input: its
/// deadline, the process's memory, and the spinner. Inputs register with
/// [`watchdog::watch`] and leave with [`watchdog::unwatch`]; a stop is
/// requested under the same lock, so it never reaches the next input.
mod watchdog {
    use super::{resident_memory, Supervision, SPINNER};
    use onag_core::{interrupt, memory};
    use std::io::{IsTerminal, Write};
    use std::sync::{Condvar, Mutex, MutexGuard, Once};
    use std::time::{Duration, Instant};

    /// Why the watchdog stopped an input.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Stop {
        /// It did not (the input ended, failed or met Ctrl-C).
        None,
        /// The time limit.
        Time,
        /// The memory limit.
        Memory,
    }

    /// The input being watched.
    struct Watch {
        how: Supervision,
        start: Instant,
        work0: u64,
        show: bool,
        frame: usize,
        drawn: bool,
        stop: Stop,
    }

    struct Shared {
        current: Mutex<Option<Watch>>,
        /// What the watchdog sleeps on between ticks.
        wake: Condvar,
    }

    /// How often the deadline and the memory are looked at.
    const TICK: Duration = Duration::from_millis(100);

    /// The watched input, shared with the watchdog thread.
    static SHARED: Shared = Shared {
        current: Mutex::new(None),
        wake: Condvar::new(),
    };

    /// The shared state, with the watchdog thread started the first time.
    fn shared() -> &'static Shared {
        static STARTED: Once = Once::new();
        STARTED.call_once(|| {
            let _ = std::thread::Builder::new()
                .name("onag-watchdog".into())
                .spawn(|| run(&SHARED));
        });
        &SHARED
    }

    fn lock(s: &Shared) -> MutexGuard<'_, Option<Watch>> {
        s.current.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Start watching an input.
    pub fn watch(how: Supervision) {
        let s = shared();
        interrupt::forget_progress();
        *lock(s) = Some(Watch {
            how,
            start: Instant::now(),
            work0: interrupt::work_done(),
            show: how.progress && std::io::stderr().is_terminal(),
            frame: 0,
            drawn: false,
            stop: Stop::None,
        });
    }

    /// Stop watching: why the input was stopped, if the watchdog did it.
    pub fn unwatch() -> Stop {
        let watch = lock(shared()).take();
        let Some(w) = watch else { return Stop::None };
        if w.drawn {
            let mut err = std::io::stderr();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
        w.stop
    }

    /// The watchdog's loop: a look at the watched input every tick (an
    /// input shorter than a tick costs nothing more than taking a lock).
    fn run(s: &'static Shared) {
        let mut guard = lock(s);
        loop {
            guard = s
                .wake
                .wait_timeout(guard, TICK)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
            if let Some(w) = guard.as_mut() {
                check(w);
            }
        }
    }

    /// One look at the watched input: stop it at its deadline or past the
    /// memory limit, tell the caches' budget the resident memory (see
    /// `memory::observe_resident`), draw the spinner after a second.
    ///
    /// The spinner line is kept shorter than the terminal and is never
    /// padded to its width: the `^C` a terminal echoes for Ctrl-C then
    /// stays on the same line, which is erased when the input stops.
    fn check(w: &mut Watch) {
        let elapsed = w.start.elapsed();
        let resident = w.how.max_memory.and_then(|_| resident_memory());
        if let Some(m) = resident {
            memory::observe_resident(m);
        }
        if w.stop == Stop::None {
            if w.how.timeout.is_some_and(|limit| elapsed >= limit) {
                w.stop = Stop::Time;
                interrupt::request();
            } else if w
                .how
                .max_memory
                .zip(resident)
                .is_some_and(|(limit, m)| m > limit)
            {
                w.stop = Stop::Memory;
                interrupt::request();
            }
        }
        if w.show && elapsed >= Duration::from_secs(1) {
            let line = match interrupt::last_progress() {
                Some(p) => format!(
                    "{} {}s {} of {} {} (Ctrl-C stops)",
                    SPINNER[w.frame % SPINNER.len()],
                    elapsed.as_secs(),
                    p.done,
                    p.total,
                    p.what
                ),
                None => format!(
                    "{} {}s {} positions evaluated (Ctrl-C stops)",
                    SPINNER[w.frame % SPINNER.len()],
                    elapsed.as_secs(),
                    interrupt::work_done() - w.work0
                ),
            };
            w.frame += 1;
            let width = crate::terminal_width().saturating_sub(4);
            let line: String = line.chars().take(width).collect();
            let mut err = std::io::stderr();
            let _ = write!(err, "\r\x1b[2K{line}");
            let _ = err.flush();
            w.drawn = true;
        }
    }
}

/// The frames of the spinner.
const SPINNER: [char; 8] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧'];

/// Silence the default panic message: panics are reported as errors by
/// [`run`], and cancellations are not errors at all.
pub fn quiet_panics() {
    panic::set_hook(Box::new(|_| {}));
}
