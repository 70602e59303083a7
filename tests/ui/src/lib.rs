//! Nothing: the package `litenc-ui-tests` is its test `tests/macros_ui.rs`,
//! which checks the compile errors of litenc's macros with trybuild. The
//! library is what carries the package's features (`jni`, `widestring`,
//! `windows-strings`, each litenc's) into the crates trybuild builds.
