import Foundation
import ShapeTestSupport

/// Runs the real `shape` binary, built beside the test bundle, and captures what it prints.
struct BinaryRunner {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The `shape` executable of this build.
    static var executable: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the test bundle is `<build>/shapePackageTests.xctest`; the products sit beside it.
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("shape")
    }

    static var goldenDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL = goldenDirectory,
        environment: [String: String] = [:]
    ) throws -> Result {
        // A fixed terminal description, so that `show` draws the same everywhere.
        var env = ProcessInfo.processInfo.environment
        for k in ["LC_ALL", "LC_CTYPE", "COLUMNS", "LINES"] { env[k] = nil }
        env["LANG"] = "C.UTF-8"
        for (k, v) in environment { env[k] = v }
        let r = try Subprocess.run(executable.path, arguments, environment: env, directory: directory.path, stdin: stdin ?? "")
        return Result(stdout: r.stdout, stderr: r.stderr, status: r.status)
    }
}
