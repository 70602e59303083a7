//! litenc's modified UTF-8 against a running JVM: every JDK on the machine
//! is started in-process (one per child process, as a process can create
//! only one JVM), and is handed litenc literals through the JNI functions
//! that take modified UTF-8: `DefineClass` (a class file whose constant pool
//! litenc wrote), `FindClass`, `GetMethodID`, `GetStaticMethodID` and
//! `NewStringUTF`. What Java makes of them is read back with
//! `GetStringUTFChars` and `GetStringRegion` and compared with what Java's
//! own `String` methods (`length`, `codePointAt`, `getBytes("UTF-16BE")`)
//! return, and with litenc's UTF-16 and UTF-8.
//!
//! `every_jdk_on_this_machine` finds the JDKs (`JAVA_HOME`, `java` on the
//! `PATH`, `/usr/lib/jvm/*`) and runs the ignored test
//! `jvm_in_this_process` once per JDK in a child process; that test, run
//! alone, takes the JDK that `LITENC_LIBJVM` names, or the first one found.

// JNI is a table of C function pointers: calling it takes `unsafe`, kept in
// the `Jni` wrapper below, one block per call, each with its `SAFETY:`.
#![allow(
    unsafe_code,
    reason = "raw JNI calls through the JNIEnv function table"
)]
#![warn(clippy::undocumented_unsafe_blocks)]

use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::process::Command;

use jni::sys::{self, jclass, jmethodID, jobject, jstring, jvalue};
use jni::{InitArgsBuilder, JNIVersion, JavaVM};
use litenc::{mutf8, utf16be};

// ---------------------------------------------------------------- finding JDKs

/// A JDK: its home and its `libjvm.so`.
#[derive(Debug, Clone)]
struct Jdk {
    home: PathBuf,
    libjvm: PathBuf,
}

impl Jdk {
    /// `JAVA_VERSION` from the JDK's `release` file, if it has one.
    fn release_version(&self) -> Option<String> {
        let release = std::fs::read_to_string(self.home.join("release")).ok()?;
        release.lines().find_map(|line| {
            let v = line.strip_prefix("JAVA_VERSION=")?;
            Some(v.trim_matches('"').to_owned())
        })
    }
}

/// The JDK whose home is `home`, if it has a server VM.
fn jdk_at(home: &Path) -> Option<Jdk> {
    ["lib/server/libjvm.so", "jre/lib/amd64/server/libjvm.so"]
        .iter()
        .map(|rel| home.join(rel))
        .find(|p| p.is_file())
        .and_then(|p| p.canonicalize().ok())
        .map(|libjvm| Jdk {
            home: home.canonicalize().unwrap_or_else(|_| home.to_owned()),
            libjvm,
        })
}

/// Every JDK found: `JAVA_HOME`, then the `java` on the `PATH` (its real
/// path, up from `bin/`), then each directory of `/usr/lib/jvm`; each
/// `libjvm.so` once.
fn find_jdks() -> Vec<Jdk> {
    let mut homes: Vec<PathBuf> = Vec::new();
    if let Some(home) = std::env::var_os("JAVA_HOME") {
        homes.push(home.into());
    }
    if let Some(path) = std::env::var_os("PATH") {
        if let Some(java) = std::env::split_paths(&path)
            .map(|dir| dir.join("java"))
            .find(|p| p.is_file())
        {
            if let Some(home) = java
                .canonicalize()
                .ok()
                .and_then(|real| Some(real.parent()?.parent()?.to_owned()))
            {
                homes.push(home);
            }
        }
    }
    if let Ok(dir) = std::fs::read_dir("/usr/lib/jvm") {
        let mut more: Vec<PathBuf> = dir.filter_map(|e| Some(e.ok()?.path())).collect();
        more.sort();
        homes.extend(more);
    }
    let mut jdks: Vec<Jdk> = Vec::new();
    for home in homes {
        if let Some(jdk) = jdk_at(&home) {
            if !jdks.iter().any(|j| j.libjvm == jdk.libjvm) {
                jdks.push(jdk);
            }
        }
    }
    jdks
}

const NO_JDK: &str = "no JDK found (looked at JAVA_HOME, `java` on the PATH and /usr/lib/jvm): \
     install one, e.g. `apt-get install default-jdk-headless`, or set JAVA_HOME";

#[test]
fn every_jdk_on_this_machine() {
    let jdks = find_jdks();
    assert!(!jdks.is_empty(), "{NO_JDK}");
    let exe = std::env::current_exe().unwrap();
    // The test's path in this program: its module's path less the crate.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let test = format!("{module}::jvm_in_this_process");
    for jdk in &jdks {
        let out = Command::new(&exe)
            .args([
                test.as_str(),
                "--exact",
                "--include-ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("LITENC_LIBJVM", &jdk.libjvm)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{}: {}\n{stdout}\n{stderr}",
            jdk.home.display(),
            out.status
        );
        // The child really ran the JVM of this JDK: it reports the JVM's
        // own `java.version`, which is the version the JDK's release file
        // names.
        let version = stdout
            .lines()
            .find_map(|l| Some(l.split_once("java.version=")?.1))
            .unwrap_or_else(|| panic!("{}: the child ran no JVM\n{stdout}", jdk.home.display()));
        if let Some(release) = jdk.release_version() {
            assert_eq!(version, release, "{}", jdk.home.display());
        }
        eprintln!("{}: java.version {version}: ok", jdk.home.display());
    }
}

// ---------------------------------------------------------------- JNI, raw

/// A thread's `JNIEnv`, and the JNI functions the checks call. Each
/// method makes one JNI call, then checks for a pending exception, which
/// it clears and reports as an error.
struct Jni(*mut sys::JNIEnv);

type JniResult<T> = Result<T, String>;

impl Jni {
    /// The function table, as of JNI 1.6 (every function called here is in
    /// it, and every JDK since 6 has it).
    fn fns(&self) -> &sys::JNINativeInterface__1_6 {
        // SAFETY: `self.0` is the `JNIEnv` of the current thread, which is
        // attached for as long as `self` lives (see `jvm_in_this_process`);
        // it points to the VM's function table, which lives as long as the
        // VM, and whose JNI 1.6 part the VM (asked for 1.8) provides.
        unsafe { &(**self.0).v1_6 }
    }

    /// `Err` with the exception's class name if one is pending (cleared).
    fn exception(&self, what: &str) -> JniResult<()> {
        // SAFETY: ExceptionCheck takes only the env, valid (see `fns`).
        if unsafe { (self.fns().ExceptionCheck)(self.0) } {
            // SAFETY: as above; describing then clearing a pending exception.
            unsafe {
                (self.fns().ExceptionDescribe)(self.0);
                (self.fns().ExceptionClear)(self.0);
            }
            return Err(format!("{what}: a Java exception (described above)"));
        }
        Ok(())
    }

    fn non_null<T>(&self, what: &str, p: *mut T) -> JniResult<*mut T> {
        self.exception(what)?;
        if p.is_null() {
            Err(format!("{what}: null"))
        } else {
            Ok(p)
        }
    }

    fn push_frame(&self) {
        // SAFETY: env valid; 64 local references per frame is well within
        // what the VM grants.
        let status = unsafe { (self.fns().PushLocalFrame)(self.0, 64) };
        assert_eq!(status, 0, "PushLocalFrame");
    }

    fn pop_frame(&self) {
        // SAFETY: env valid; pops the frame `push_frame` pushed, returning
        // no reference from it.
        unsafe { (self.fns().PopLocalFrame)(self.0, std::ptr::null_mut()) };
    }

    fn define_class(&self, name: &CStr, loader: jobject, bytes: &[u8]) -> JniResult<jclass> {
        let len = i32::try_from(bytes.len()).unwrap();
        // SAFETY: env valid; `name` is NUL-terminated and outlives the call;
        // `loader` is a live reference (or null); `bytes` is `len` bytes.
        let class = unsafe {
            (self.fns().DefineClass)(self.0, name.as_ptr(), loader, bytes.as_ptr().cast(), len)
        };
        self.non_null("DefineClass", class)
    }

    fn find_class(&self, name: &CStr) -> JniResult<jclass> {
        // SAFETY: env valid; `name` is NUL-terminated and outlives the call.
        let class = unsafe { (self.fns().FindClass)(self.0, name.as_ptr()) };
        self.non_null(&format!("FindClass({name:?})"), class)
    }

    fn method(&self, class: jclass, name: &CStr, sig: &CStr) -> JniResult<jmethodID> {
        // SAFETY: env valid; `class` a live class reference; both strings
        // NUL-terminated and outlive the call.
        let id = unsafe { (self.fns().GetMethodID)(self.0, class, name.as_ptr(), sig.as_ptr()) };
        self.non_null(&format!("GetMethodID({name:?}, {sig:?})"), id)
    }

    fn static_method(&self, class: jclass, name: &CStr, sig: &CStr) -> JniResult<jmethodID> {
        // SAFETY: as in `method`.
        let id =
            unsafe { (self.fns().GetStaticMethodID)(self.0, class, name.as_ptr(), sig.as_ptr()) };
        self.non_null(&format!("GetStaticMethodID({name:?}, {sig:?})"), id)
    }

    fn new_string_utf(&self, s: &CStr) -> JniResult<jstring> {
        // SAFETY: env valid; `s` NUL-terminated and outlives the call.
        let string = unsafe { (self.fns().NewStringUTF)(self.0, s.as_ptr()) };
        self.non_null("NewStringUTF", string)
    }

    /// A static method returning an object, called with `args`, whose
    /// number and types the method's descriptor must match.
    fn call_static_object(
        &self,
        class: jclass,
        m: jmethodID,
        args: &[jvalue],
    ) -> JniResult<jobject> {
        // SAFETY: env valid; `m` a static method of `class` whose
        // descriptor the caller matched `args` to.
        let obj = unsafe { (self.fns().CallStaticObjectMethodA)(self.0, class, m, args.as_ptr()) };
        self.exception("CallStaticObjectMethodA")?;
        Ok(obj)
    }

    /// An instance method returning an object; `args` as above.
    fn call_object(&self, obj: jobject, m: jmethodID, args: &[jvalue]) -> JniResult<jobject> {
        // SAFETY: env valid; `m` a method of `obj`'s class whose descriptor
        // the caller matched `args` to.
        let r = unsafe { (self.fns().CallObjectMethodA)(self.0, obj, m, args.as_ptr()) };
        self.exception("CallObjectMethodA")?;
        Ok(r)
    }

    /// An instance method returning `int`; `args` as above.
    fn call_int(&self, obj: jobject, m: jmethodID, args: &[jvalue]) -> JniResult<i32> {
        // SAFETY: as in `call_object`.
        let r = unsafe { (self.fns().CallIntMethodA)(self.0, obj, m, args.as_ptr()) };
        self.exception("CallIntMethodA")?;
        Ok(r)
    }

    /// The modified UTF-8 `GetStringUTFChars` gives for `s`, without the
    /// terminator.
    fn string_utf_chars(&self, s: jstring) -> JniResult<Vec<u8>> {
        // SAFETY: env valid; `s` a live `java.lang.String` reference.
        let p = unsafe { (self.fns().GetStringUTFChars)(self.0, s, std::ptr::null_mut()) };
        self.non_null("GetStringUTFChars", p.cast_mut())?;
        // SAFETY: `p` is the NUL-terminated buffer the VM just returned,
        // valid until the release below.
        let bytes = unsafe { CStr::from_ptr(p) }.to_bytes().to_vec();
        // SAFETY: releases exactly the buffer obtained above, once.
        unsafe { (self.fns().ReleaseStringUTFChars)(self.0, s, p) };
        Ok(bytes)
    }

    /// `GetStringUTFLength`: the bytes of `s` in modified UTF-8.
    fn string_utf_length(&self, s: jstring) -> JniResult<usize> {
        // SAFETY: env valid; `s` a live `java.lang.String` reference.
        let n = unsafe { (self.fns().GetStringUTFLength)(self.0, s) };
        self.exception("GetStringUTFLength")?;
        Ok(usize::try_from(n).unwrap())
    }

    /// The UTF-16 code units of `s`: `GetStringLength`, then
    /// `GetStringRegion` over all of them.
    fn string_region(&self, s: jstring) -> JniResult<Vec<u16>> {
        // SAFETY: env valid; `s` a live `java.lang.String` reference.
        let len = unsafe { (self.fns().GetStringLength)(self.0, s) };
        self.exception("GetStringLength")?;
        let mut units = vec![0u16; usize::try_from(len).unwrap()];
        // SAFETY: env valid; `units` has room for the `len` units asked for.
        unsafe { (self.fns().GetStringRegion)(self.0, s, 0, len, units.as_mut_ptr()) };
        self.exception("GetStringRegion")?;
        Ok(units)
    }

    /// The contents of a `byte[]`.
    fn byte_array(&self, array: jobject) -> JniResult<Vec<u8>> {
        // SAFETY: env valid; `array` a live `byte[]` reference.
        let len = unsafe { (self.fns().GetArrayLength)(self.0, array) };
        self.exception("GetArrayLength")?;
        let mut bytes = vec![0u8; usize::try_from(len).unwrap()];
        // SAFETY: env valid; `bytes` has room for the `len` bytes asked for
        // (`jbyte` is `i8`, of the same size).
        unsafe {
            (self.fns().GetByteArrayRegion)(self.0, array, 0, len, bytes.as_mut_ptr().cast());
        }
        self.exception("GetByteArrayRegion")?;
        Ok(bytes)
    }
}

fn obj(l: jobject) -> jvalue {
    jvalue { l }
}

fn int(i: i32) -> jvalue {
    jvalue { i }
}

// ---------------------------------------------------------------- a class file

/// Names and strings whose modified UTF-8 differs from UTF-8: a
/// supplementary character in a class name and a method name (two 3-byte
/// surrogates, not 4 bytes), and a NUL in a string constant (`C0 80`).
const CLASS_NAME: &CStr = mutf8!("Grüße𐐀", cstr);
const METHOD_NAME: &CStr = mutf8!("grüß𐐷", cstr);
const METHOD_SIG: &CStr = mutf8!("()Ljava/lang/String;", cstr);
const GREETING: &str = "Привет, мир 😀\0 Grüße 𐐷";

/// One `CONSTANT_Utf8` entry: tag 1, a 2-byte length, then modified UTF-8
/// (JVM spec §4.4.7).
fn utf8_constant(out: &mut Vec<u8>, mutf8: &[u8]) {
    out.push(1);
    out.extend_from_slice(&u16::try_from(mutf8.len()).unwrap().to_be_bytes());
    out.extend_from_slice(mutf8);
}

/// A class file (version 52, Java 8, so straight-line code needs no stack
/// map) for
///
/// ```java
/// public final class Grüße𐐀 {
///     public static String grüß𐐷() { return "Привет, мир 😀\0 Grüße 𐐷"; }
/// }
/// ```
///
/// with every `CONSTANT_Utf8` written by litenc: the JVM's class-file
/// parser checks each one is legal modified UTF-8 before it loads the class.
fn class_file() -> Vec<u8> {
    let mut c = Vec::new();
    c.extend_from_slice(&0xCAFE_BABE_u32.to_be_bytes());
    c.extend_from_slice(&[0, 0, 0, 52]); // minor 0, major 52
    c.extend_from_slice(&10u16.to_be_bytes()); // constant_pool_count: 9 entries + 1
    utf8_constant(&mut c, CLASS_NAME.to_bytes()); // #1
    c.extend_from_slice(&[7, 0, 1]); // #2 Class #1
    utf8_constant(&mut c, &mutf8!("java/lang/Object")); // #3
    c.extend_from_slice(&[7, 0, 3]); // #4 Class #3
    utf8_constant(&mut c, METHOD_NAME.to_bytes()); // #5
    utf8_constant(&mut c, METHOD_SIG.to_bytes()); // #6
    utf8_constant(&mut c, &mutf8!("Code")); // #7
    utf8_constant(&mut c, &mutf8!("Привет, мир 😀\0 Grüße 𐐷")); // #8
    c.extend_from_slice(&[8, 0, 8]); // #9 String #8
    c.extend_from_slice(&0x0031u16.to_be_bytes()); // public final super
    c.extend_from_slice(&[0, 2, 0, 4]); // this #2, super #4
    c.extend_from_slice(&[0, 0, 0, 0]); // no interfaces, no fields
    c.extend_from_slice(&[0, 1]); // one method:
    c.extend_from_slice(&[0x00, 0x09, 0, 5, 0, 6, 0, 1]); // public static, #5, #6, 1 attribute
    let code = [0x12, 9, 0xB0]; // ldc #9; areturn
    c.extend_from_slice(&[0, 7]); // "Code"
    c.extend_from_slice(&(12 + code.len() as u32).to_be_bytes());
    c.extend_from_slice(&[0, 1, 0, 0]); // max_stack 1, max_locals 0
    c.extend_from_slice(&(code.len() as u32).to_be_bytes());
    c.extend_from_slice(&code);
    c.extend_from_slice(&[0, 0, 0, 0]); // no exception table, no attributes
    c.extend_from_slice(&[0, 0]); // no class attributes
    c
}

// ---------------------------------------------------------------- the checks

/// What Java should report for a string of these UTF-16 units.
fn code_points_at(units: &[u16]) -> Vec<i32> {
    (0..units.len())
        .map(|i| {
            let u = u32::from(units[i]);
            match units.get(i + 1).map(|&v| u32::from(v)) {
                Some(low) if (0xD800..0xDC00).contains(&u) && (0xDC00..0xE000).contains(&low) => {
                    0x1_0000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                }
                _ => u,
            }
        })
        .map(|cp| i32::try_from(cp).unwrap())
        .collect()
}

/// The `java.lang.String` methods the checks call.
struct StringMethods {
    length: jmethodID,
    code_point_at: jmethodID,
    get_bytes: jmethodID,
    utf16be: jstring,
}

/// Hands `payload` to `NewStringUTF` and checks what Java made of it
/// against `units`, the UTF-16 the payload means.
fn check_string(jni: &Jni, m: &StringMethods, payload: &CStr, units: &[u16]) -> JniResult<()> {
    jni.push_frame();
    let what = format!("{payload:?}");
    let s = jni.new_string_utf(payload)?;
    // The units Java holds.
    assert_eq!(jni.string_region(s)?, units, "GetStringRegion of {what}");
    assert_eq!(
        jni.call_int(s, m.length, &[])?,
        i32::try_from(units.len()).unwrap(),
        "String.length() of {what}"
    );
    let java_cps: Vec<i32> = (0..units.len())
        .map(|i| jni.call_int(s, m.code_point_at, &[int(i32::try_from(i).unwrap())]))
        .collect::<JniResult<_>>()?;
    assert_eq!(
        java_cps,
        code_points_at(units),
        "String.codePointAt of {what}"
    );
    // Java's UTF-16BE encoder against litenc's; an unpaired surrogate is
    // replaced (with U+FFFD) by Java, and litenc's encoder takes only
    // well-formed text, so the lossy text stands in for it.
    let bytes = jni.call_object(s, m.get_bytes, &[obj(m.utf16be)])?;
    let java_be = jni.byte_array(bytes)?;
    let lossy = String::from_utf16_lossy(units);
    assert_eq!(
        java_be,
        utf16be::encode(&lossy).unwrap(),
        "getBytes(UTF-16BE) of {what}"
    );
    // And back out: the JVM writes the same modified UTF-8 litenc wrote.
    let utf = jni.string_utf_chars(s)?;
    assert_eq!(utf, payload.to_bytes(), "GetStringUTFChars of {what}");
    assert_eq!(
        jni.string_utf_length(s)?,
        utf.len(),
        "GetStringUTFLength of {what}"
    );
    assert_eq!(mutf8::decode_units(&utf).unwrap(), units, "{what}");
    jni.pop_frame();
    println!(
        "NewStringUTF {what}: {} units, as Java reads them",
        units.len()
    );
    Ok(())
}

/// The checks, on the current thread's `JNIEnv`.
fn run_checks(jni: &Jni) -> JniResult<()> {
    // The JVM's own version, for the parent to compare with the JDK's.
    let system = jni.find_class(mutf8!("java/lang/System", cstr))?;
    let get_property = jni.static_method(
        system,
        mutf8!("getProperty", cstr),
        mutf8!("(Ljava/lang/String;)Ljava/lang/String;", cstr),
    )?;
    let key = jni.new_string_utf(mutf8!("java.version", cstr))?;
    let version = jni.call_static_object(system, get_property, &[obj(key)])?;
    let version = mutf8::decode(&jni.string_utf_chars(version)?).unwrap();
    println!("java.version={version}");

    let string = jni.find_class(mutf8!("java/lang/String", cstr))?;
    let m = StringMethods {
        length: jni.method(string, mutf8!("length", cstr), mutf8!("()I", cstr))?,
        code_point_at: jni.method(string, mutf8!("codePointAt", cstr), mutf8!("(I)I", cstr))?,
        get_bytes: jni.method(
            string,
            mutf8!("getBytes", cstr),
            mutf8!("(Ljava/lang/String;)[B", cstr),
        )?,
        utf16be: jni.new_string_utf(mutf8!("UTF-16BE", cstr))?,
    };

    // Literals encoded at compile time, each with the text it means.
    let literals: [(&CStr, &str); 7] = [
        (mutf8!("", cstr), ""),
        (mutf8!("hello, JNI", cstr), "hello, JNI"),
        (mutf8!("Привет, мир", cstr), "Привет, мир"),
        (mutf8!("a\0b\0", cstr), "a\0b\0"),
        (mutf8!("😀", cstr), "😀"),
        (mutf8!("x😀y🎉\u{10FFFF}", cstr), "x😀y🎉\u{10FFFF}"),
        (
            mutf8!("Grüße, Привет 😀\0 東京 \u{FFFF}", cstr),
            "Grüße, Привет 😀\0 東京 \u{FFFF}",
        ),
    ];
    for (payload, text) in literals {
        check_string(jni, &m, payload, &text.encode_utf16().collect::<Vec<_>>())?;
    }
    // Java strings need not be well-formed UTF-16: unpaired surrogates,
    // alone, at either end, reversed, through `encode_units_into`.
    let unit_strings: [&[u16]; 5] = [
        &[0xD800],
        &[0xDC00],
        &[0x61, 0xD83D, 0x62],
        &[0xDE00, 0xD83D],
        &[0xD83D, 0xDE00, 0xDFFF, 0x0, 0xDBFF],
    ];
    for units in unit_strings {
        let mut buf = vec![0u8; mutf8::encoded_units_len(units) + 1];
        let n = mutf8::encode_units_into(units, &mut buf).unwrap();
        assert_eq!(n + 1, buf.len());
        let payload = CString::from_vec_with_nul(buf).unwrap();
        check_string(jni, &m, &payload, units)?;
    }

    // A class litenc wrote, with names no plain UTF-8 would find.
    let loader_class = jni.find_class(mutf8!("java/lang/ClassLoader", cstr))?;
    let system_loader = jni.static_method(
        loader_class,
        mutf8!("getSystemClassLoader", cstr),
        mutf8!("()Ljava/lang/ClassLoader;", cstr),
    )?;
    let loader = jni.call_static_object(loader_class, system_loader, &[])?;
    jni.define_class(CLASS_NAME, loader, &class_file())?;
    let class = jni.find_class(CLASS_NAME)?;
    let greet = jni.static_method(class, METHOD_NAME, METHOD_SIG)?;
    let greeting = jni.call_static_object(class, greet, &[])?;
    let utf = jni.string_utf_chars(greeting)?;
    assert_eq!(mutf8::decode(&utf).unwrap(), GREETING);
    assert_eq!(
        jni.string_region(greeting)?,
        GREETING.encode_utf16().collect::<Vec<_>>()
    );
    println!(
        "{}.{}() = {GREETING:?}",
        mutf8::decode(CLASS_NAME.to_bytes()).unwrap(),
        mutf8::decode(METHOD_NAME.to_bytes()).unwrap()
    );

    // The same method name in plain UTF-8 (𐐷 as 4 bytes) names no method:
    // the JVM looks names up by their modified UTF-8 bytes.
    let plain: &CStr = c"grüß𐐷";
    assert_ne!(plain.to_bytes(), METHOD_NAME.to_bytes());
    // SAFETY: env valid; `class` a live class; both strings NUL-terminated.
    let id =
        unsafe { (jni.fns().GetStaticMethodID)(jni.0, class, plain.as_ptr(), METHOD_SIG.as_ptr()) };
    assert!(id.is_null(), "a method found by its UTF-8 name");
    // SAFETY: env valid; checks for, then clears, the NoSuchMethodError.
    let thrown = unsafe { (jni.fns().ExceptionCheck)(jni.0) };
    // SAFETY: as above.
    unsafe { (jni.fns().ExceptionClear)(jni.0) };
    assert!(thrown, "no NoSuchMethodError for the UTF-8 name");
    println!("the same name in UTF-8: no such method");
    Ok(())
}

/// With the feature `jni`, `mutf8!(.., jnistr)` through the jni crate's
/// own API: `Env::find_class` takes the `&JNIStr` as it is, for a class of
/// the JDK and for the class `run_checks` defined, whose name holds a
/// supplementary character (two 3-byte surrogates in modified UTF-8).
#[cfg(feature = "jni")]
fn jnistr_checks(env: &mut jni::Env<'_>) -> JniResult<()> {
    use jni::strings::JNIStr;

    const NAMES: [&JNIStr; 2] = [mutf8!("java/lang/String", jnistr), mutf8!("Grüße𐐀", jnistr)];
    assert_eq!(NAMES[1].as_cstr(), CLASS_NAME);
    for name in NAMES {
        env.find_class(name)
            .map_err(|e| format!("Env::find_class({name}): {e}"))?;
        println!("Env::find_class({name}): found");
    }
    Ok(())
}

/// Where the JVM of this process comes from: `LITENC_LIBJVM`, else the
/// first JDK found.
fn libjvm() -> PathBuf {
    if let Some(p) = std::env::var_os("LITENC_LIBJVM") {
        return p.into();
    }
    find_jdks().first().expect(NO_JDK).libjvm.clone()
}

#[test]
#[ignore = "creates this process's one JVM; every_jdk_on_this_machine runs it once per JDK"]
fn jvm_in_this_process() {
    let libjvm = libjvm();
    let args = InitArgsBuilder::new()
        .version(JNIVersion::V1_8)
        .option("-Xcheck:jni")
        .option("-Xmx64m")
        .build()
        .unwrap();
    let vm = JavaVM::with_libjvm(args, || Ok(libjvm.clone()))
        .unwrap_or_else(|e| panic!("starting the JVM of {}: {e}", libjvm.display()));
    let mut outcome = Ok(());
    vm.attach_current_thread(|env| -> jni::errors::Result<()> {
        outcome = run_checks(&Jni(env.get_raw()));
        #[cfg(feature = "jni")]
        if outcome.is_ok() {
            outcome = jnistr_checks(env);
        }
        Ok(())
    })
    .unwrap();
    if let Err(e) = outcome {
        panic!("{e}");
    }
}
