// swift-tools-version: 6.0
import PackageDescription

/// libm is not linked automatically on Linux; every target that calls sin, cos, hypot and friends
/// through Glibc names it.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

/// Release builds of the interpreter and the tool leave out the run-time exclusivity checks (every
/// access to an interpreter's stored property, about 25 a statement, went through the runtime's
/// access set: 6-8% of a script of plain commands). Debug builds keep them, and every test, golden
/// and example runs on a debug build, so an overlapping access would still stop the suite.
let releaseUnchecked: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "shape",
    products: [
        .executable(name: "shape", targets: ["shape"]),
        .library(name: "ShapeGeometry", targets: ["ShapeGeometry"]),
    ],
    targets: [
        // Value types and exact path geometry. No Foundation, no I/O. Optimized in debug builds
        // too: the suite's boolean, offset and containment checks then take 6 s of CPU, not 40,
        // and the numbers are the same (Swift contracts no floating-point operations at -O).
        // Without cross-module optimization there: it copies function bodies into the module's
        // interface, so a change inside one function rebuilt every module above it and every
        // test (37 s here, against 1.4 s without; the suite runs as fast).
        .target(name: "ShapeGeometry", swiftSettings: [.unsafeFlags(["-O", "-disable-cmo"], .when(configuration: .debug))], linkerSettings: libm),
        // The shape language: lexer, parser, evaluator. No printing, no file or terminal I/O.
        // Optimized in debug builds too: the suite runs the debug `shape` on every golden,
        // example and hostile input (a hostile loop of two million turns took 5 s at -Onone,
        // 1.2 s at -O), and its test run went from 61-69 s to 37 s. Its run-time exclusivity
        // checks stay on in debug builds.
        .target(
            name: "ShapeLanguage", dependencies: ["ShapeGeometry"],
            swiftSettings: releaseUnchecked + [.unsafeFlags(["-O"], .when(configuration: .debug))], linkerSettings: libm),
        // Printers: numbers, text and JSON reports, diagnostics, help. Returns strings.
        .target(name: "ShapeOutput", dependencies: ["ShapeLanguage", "ShapeGeometry"]),
        // GNU readline, from Debian's libreadline-dev (scripts/test installs it when missing).
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // glibc's malloc.h, for `mallopt` (ScriptMemory.swift).
        .systemLibrary(name: "CMalloc"),
        // The command-line tool: options, script runner, REPL. The only module with I/O.
        .target(
            name: "ShapeCLI", dependencies: ["ShapeLanguage", "ShapeOutput", "CReadline", "CMalloc"], exclude: ["Workbench/page.html"],
            swiftSettings: releaseUnchecked),
        // The Swift runtime is linked in: a third less start-up time (2.2 ms against 3.3), which
        // is most of what a short script costs, and a binary that needs no Swift libraries.
        .executableTarget(name: "shape", dependencies: ["ShapeCLI"], linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        // Release-built timings of the geometry workloads (scripts/bench).
        .executableTarget(
            name: "ShapeBenchmarks", dependencies: ["ShapeGeometry", "ShapeLanguage", "ShapeOutput", "ShapeCorpus"],
            linkerSettings: libm),
        // The boolean operations' corpus and sampling check, shared by the tests, the benchmark
        // and the fuzz target (no Testing in it).
        .target(name: "ShapeCorpus", dependencies: ["ShapeGeometry"], linkerSettings: libm),
        // Test helpers shared by the test targets (one `expectClose`).
        .target(name: "ShapeTestSupport", dependencies: ["ShapeGeometry", "ShapeLanguage"], path: "Tests/ShapeTestSupport"),
        .testTarget(name: "ShapeGeometryTests", dependencies: ["ShapeGeometry", "ShapeTestSupport", "ShapeCorpus"], linkerSettings: libm),
        .testTarget(
            name: "ShapeLanguageTests", dependencies: ["ShapeLanguage", "ShapeOutput", "ShapeGeometry", "ShapeTestSupport", "ShapeCorpus"],
            exclude: ["AppleStubs"]),
        // These run the `shape` binary, which `swift test` builds with every target. (Not a
        // dependency: its -static-stdlib would be linked into the test runner too.) ShapeCLI, the
        // library under it, for the workbench server's own tests.
        .testTarget(
            name: "ShapeCLITests", dependencies: ["ShapeLanguage", "ShapeTestSupport", "ShapeCLI"],
            exclude: ["Golden", "Examples", "Hostile", "Workbench", "PDF"]),
    ]
)
