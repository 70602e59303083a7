//! JNI names, signatures and strings as `&CStr` in Java's modified UTF-8,
//! encoded at compile time, handed to a running JVM: `cargo run --example
//! jni` (needs a JDK: `JAVA_HOME`, or `java` on the `PATH`).
//!
//! `FindClass`, `GetMethodID`, `GetStaticMethodID` and `NewStringUTF` take
//! NUL-terminated *modified* UTF-8 (JVM spec §4.4.7): U+0000 as `C0 80` and
//! supplementary characters as two 3-byte surrogates. `mutf8!(..., cstr)`
//! gives exactly that as a `&'static CStr`, ready for `.as_ptr()`; plain
//! UTF-8 would be wrong for any name or string holding an emoji or a NUL.
//!
//! The example starts a JVM in this process (the `jni` crate's invocation
//! API), calls `java.lang.String` and `java.lang.Character` through the raw
//! JNI function table with these literals, and reads Java's answers back
//! with `GetStringUTFChars` and litenc's decoder.

// The JNI function table is C function pointers: each call is `unsafe`,
// one block per call, in `Jni` below.
#![allow(
    unsafe_code,
    reason = "raw JNI calls through the JNIEnv function table"
)]
#![warn(clippy::undocumented_unsafe_blocks)]

use core::ffi::CStr;
use std::path::PathBuf;

use jni::sys::{self, jclass, jmethodID, jobject, jvalue};
use jni::{InitArgsBuilder, JNIVersion, JavaVM};
use litenc::{encoded, mutf8};

const STRING: &CStr = mutf8!("java/lang/String", cstr);
const LENGTH: (&CStr, &CStr) = (mutf8!("length", cstr), mutf8!("()I", cstr));
const CODE_POINT_COUNT: (&CStr, &CStr) = (mutf8!("codePointCount", cstr), mutf8!("(II)I", cstr));
const TO_UPPER: (&CStr, &CStr) = (
    mutf8!("toUpperCase", cstr),
    mutf8!("()Ljava/lang/String;", cstr),
);
const CHARACTER: &CStr = mutf8!("java/lang/Character", cstr);
const GET_NAME: (&CStr, &CStr) = (
    mutf8!("getName", cstr),
    mutf8!("(I)Ljava/lang/String;", cstr),
);

/// A string for `NewStringUTF`, with a NUL and an emoji inside.
#[encoded("java-modified-utf-8")]
static GREETING: &CStr = "key\0value 😀";

fn show(name: &str, c: &CStr) {
    println!("{name:>9}: {:02X?}", c.to_bytes_with_nul());
}

/// The thread's `JNIEnv` and the few JNI functions the example calls; any
/// Java exception becomes a panic.
struct Jni(*mut sys::JNIEnv);

impl Jni {
    fn fns(&self) -> &sys::JNINativeInterface__1_6 {
        // SAFETY: `self.0` is the `JNIEnv` of this thread, attached while
        // `self` lives (see `main`); its function table, JNI 1.6 part
        // included (the VM was asked for 1.8), lives as long as the VM.
        unsafe { &(**self.0).v1_6 }
    }

    fn checked<T>(&self, what: &str, value: T) -> T {
        // SAFETY: env valid; ExceptionCheck takes nothing else.
        if unsafe { (self.fns().ExceptionCheck)(self.0) } {
            // SAFETY: env valid; prints the pending exception.
            unsafe { (self.fns().ExceptionDescribe)(self.0) };
            panic!("{what}: Java threw (see above)");
        }
        value
    }

    fn find_class(&self, name: &CStr) -> jclass {
        // SAFETY: env valid; `name` is NUL-terminated and outlives the call.
        let class = unsafe { (self.fns().FindClass)(self.0, name.as_ptr()) };
        self.checked("FindClass", class)
    }

    fn method(&self, class: jclass, (name, sig): (&CStr, &CStr), is_static: bool) -> jmethodID {
        let get = if is_static {
            self.fns().GetStaticMethodID
        } else {
            self.fns().GetMethodID
        };
        // SAFETY: env valid; `class` a live class; both strings
        // NUL-terminated and outlive the call.
        let id = unsafe { get(self.0, class, name.as_ptr(), sig.as_ptr()) };
        self.checked("GetMethodID", id)
    }

    fn new_string_utf(&self, s: &CStr) -> jobject {
        // SAFETY: env valid; `s` NUL-terminated and outlives the call.
        let string = unsafe { (self.fns().NewStringUTF)(self.0, s.as_ptr()) };
        self.checked("NewStringUTF", string)
    }

    fn call_int(&self, obj: jobject, m: jmethodID, args: &[jvalue]) -> i32 {
        // SAFETY: env valid; `m` a method of `obj`'s class returning `int`,
        // whose parameters `args` matches.
        let r = unsafe { (self.fns().CallIntMethodA)(self.0, obj, m, args.as_ptr()) };
        self.checked("CallIntMethodA", r)
    }

    fn call_object(&self, obj: jobject, m: jmethodID) -> jobject {
        // SAFETY: env valid; `m` a method of `obj`'s class taking nothing
        // and returning an object.
        let r = unsafe { (self.fns().CallObjectMethodA)(self.0, obj, m, [].as_ptr()) };
        self.checked("CallObjectMethodA", r)
    }

    fn call_static_object(&self, class: jclass, m: jmethodID, args: &[jvalue]) -> jobject {
        // SAFETY: env valid; `m` a static method of `class` returning an
        // object, whose parameters `args` matches.
        let r = unsafe { (self.fns().CallStaticObjectMethodA)(self.0, class, m, args.as_ptr()) };
        self.checked("CallStaticObjectMethodA", r)
    }

    /// A Java string's modified UTF-8, decoded by litenc.
    fn text(&self, s: jobject) -> String {
        // SAFETY: env valid; `s` a live `java.lang.String`.
        let p = unsafe { (self.fns().GetStringUTFChars)(self.0, s, std::ptr::null_mut()) };
        assert!(!self.checked("GetStringUTFChars", p).is_null());
        // SAFETY: `p` is the VM's NUL-terminated copy, valid until released.
        let bytes = unsafe { CStr::from_ptr(p) }.to_bytes().to_vec();
        // SAFETY: releases that copy, once.
        unsafe { (self.fns().ReleaseStringUTFChars)(self.0, s, p) };
        mutf8::decode(&bytes).expect("the JVM writes modified UTF-8")
    }
}

/// `libjvm.so` of the JDK at `JAVA_HOME`, else of the `java` on the `PATH`.
fn libjvm() -> PathBuf {
    let home = std::env::var_os("JAVA_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            let java = std::env::split_paths(&std::env::var_os("PATH")?)
                .map(|dir| dir.join("java"))
                .find(|p| p.is_file())?;
            Some(java.canonicalize().ok()?.parent()?.parent()?.to_owned())
        })
        .expect("no JDK: set JAVA_HOME or put `java` on the PATH (apt-get install default-jdk-headless)");
    ["lib/server/libjvm.so", "jre/lib/amd64/server/libjvm.so"]
        .iter()
        .map(|rel| home.join(rel))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no lib/server/libjvm.so under {}", home.display()))
}

fn main() {
    show("class", STRING);
    show("method", TO_UPPER.0);
    show("signature", TO_UPPER.1);
    show("greeting", GREETING);
    // U+0000 is C0 80, so the only zero byte is the terminator; 😀 is two
    // 3-byte surrogates, not UTF-8's 4 bytes.
    assert_eq!(&GREETING.to_bytes()[3..5], &[0xC0, 0x80]);
    assert!(GREETING
        .to_bytes()
        .ends_with(&[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]));

    let args = InitArgsBuilder::new()
        .version(JNIVersion::V1_8)
        .option("-Xcheck:jni")
        .build()
        .expect("JVM options");
    let path = libjvm();
    let vm = JavaVM::with_libjvm(args, || Ok(path.clone()))
        .unwrap_or_else(|e| panic!("starting the JVM of {}: {e}", path.display()));
    vm.attach_current_thread(|env| -> jni::errors::Result<()> {
        let jni = Jni(env.get_raw());
        let string = jni.find_class(STRING);
        let greeting = jni.new_string_utf(GREETING);

        // Java sees 12 UTF-16 units (😀 is a surrogate pair) and 11
        // characters, the NUL one of them.
        let length = jni.call_int(greeting, jni.method(string, LENGTH, false), &[]);
        let count = jni.method(string, CODE_POINT_COUNT, false);
        let chars = jni.call_int(greeting, count, &[jvalue { i: 0 }, jvalue { i: length }]);
        println!("   Java sees {length} UTF-16 units, {chars} code points");
        assert_eq!((length, chars), (12, 11));

        let upper = jni.call_object(greeting, jni.method(string, TO_UPPER, false));
        let upper = jni.text(upper);
        println!("   toUpperCase(): {upper:?}");
        assert_eq!(upper, "KEY\0VALUE 😀");

        let character = jni.find_class(CHARACTER);
        let get_name = jni.method(character, GET_NAME, true);
        let name = jni.call_static_object(character, get_name, &[jvalue { i: 0x1F600 }]);
        let name = jni.text(name);
        println!("   Character.getName(0x1F600): {name:?}");
        assert_eq!(name, "GRINNING FACE");
        Ok(())
    })
    .expect("attach to the JVM");
}
