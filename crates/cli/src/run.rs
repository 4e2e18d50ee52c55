//! Running one input under supervision: a time limit, a progress spinner for
//! long evaluations, cancellation, and errors reported with the source.

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use indicatif::{ProgressBar, ProgressStyle};
use onag_core::interrupt;
use onag_lang::{Error, Interp, Value};
use std::io::IsTerminal;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Why an input has no value.
#[derive(Debug)]
pub enum Failure {
    /// A syntax or evaluation error of the language.
    Language(Error),
    /// Ctrl-C stopped the computation.
    Interrupted,
    /// The time limit stopped the computation.
    TimedOut(Duration),
    /// A defect: a panic that is not a cancellation.
    Internal(String),
}

impl Failure {
    /// The error as one line.
    pub fn message(&self) -> String {
        match self {
            Failure::Language(e) => e.to_string().replace('\n', " "),
            Failure::Interrupted => "Interrupted".into(),
            Failure::TimedOut(d) => format!("Timed out after {} s", d.as_secs_f64()),
            Failure::Internal(what) => format!("internal error: {what}"),
        }
    }

    /// The error with the offending source underlined where it has a
    /// position (`name` labels the source: `<input>` or a file name).
    pub fn render(&self, src: &str, name: &str, color: bool) -> String {
        let span = match self {
            Failure::Language(Error::Parse(e)) => Some(e.span.start..e.span.end),
            Failure::Language(Error::Eval(e)) => e.span.map(|s| s.start..s.end),
            _ => None,
        };
        let Some(mut span) = span else {
            return format!("error: {}", self.message());
        };
        span.end = span.end.max(span.start).min(src.len());
        span.start = span.start.min(span.end);
        let label = match self {
            Failure::Language(Error::Parse(_)) => "here",
            _ => "in this expression",
        };
        let mut out = Vec::new();
        let written = Report::build(ReportKind::Error, (name, span.clone()))
            .with_config(
                Config::default()
                    .with_index_type(IndexType::Byte)
                    .with_color(color),
            )
            .with_message(self.message())
            .with_label(Label::new((name, span)).with_message(label))
            .finish()
            .write((name, Source::from(src)), &mut out);
        match written {
            Ok(()) => String::from_utf8_lossy(&out).trim_end().to_string(),
            Err(_) => format!("error: {}", self.message()),
        }
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
}

/// Run one input: its value (None when it ends with `;`) or why not.
pub fn run(interp: &mut Interp, src: &str, how: Supervision) -> Result<Option<Value>, Failure> {
    interrupt::clear();
    let timed_out = Arc::new(AtomicBool::new(false));
    let (stop, stopped) = mpsc::channel::<()>();
    let watcher = (how.timeout.is_some() || how.progress).then(|| {
        let timed_out = timed_out.clone();
        let show = how.progress && std::io::stderr().is_terminal();
        thread::spawn(move || supervise(stopped, how.timeout, show, &timed_out))
    });
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| interp.run(src)));
    drop(stop);
    if let Some(w) = watcher {
        let _ = w.join();
    }
    interrupt::clear();
    let stopped = || {
        if timed_out.load(Ordering::SeqCst) {
            Failure::TimedOut(how.timeout.unwrap_or_default())
        } else {
            Failure::Interrupted
        }
    };
    match outcome {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) if e.kind() == onag_lang::ErrorKind::Interrupted => Err(stopped()),
        Ok(Err(e)) => Err(Failure::Language(e)),
        Err(payload) if interrupt::is_interrupted(&*payload) => Err(stopped()),
        Err(payload) => Err(Failure::Internal(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".to_string()),
        )),
    }
}

/// Wait for the input to finish, stopping it at the deadline and drawing a
/// spinner once it has run for a second.
fn supervise(
    stopped: mpsc::Receiver<()>,
    timeout: Option<Duration>,
    show: bool,
    timed_out: &AtomicBool,
) {
    let start = Instant::now();
    let work0 = interrupt::work_done();
    let mut bar: Option<ProgressBar> = None;
    while let Err(mpsc::RecvTimeoutError::Timeout) =
        stopped.recv_timeout(Duration::from_millis(100))
    {
        let elapsed = start.elapsed();
        if let Some(limit) = timeout {
            if elapsed >= limit && !timed_out.swap(true, Ordering::SeqCst) {
                interrupt::request();
            }
        }
        if show && elapsed >= Duration::from_secs(1) {
            let b = bar.get_or_insert_with(|| {
                let b = ProgressBar::new_spinner();
                if let Ok(style) =
                    ProgressStyle::with_template("{spinner} {elapsed} {msg} (Ctrl-C stops)")
                {
                    b.set_style(style);
                }
                b
            });
            b.set_message(format!(
                "{} positions evaluated",
                interrupt::work_done() - work0
            ));
            b.tick();
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}

/// Silence the default panic message: panics are reported as errors by
/// [`run`], and cancellations are not errors at all.
pub fn quiet_panics() {
    panic::set_hook(Box::new(|_| {}));
}
