import ShapeLanguage

// Compiled into the fuzz targets that run scripts (scripts/fuzz: the pipeline and format).

extension Limits {
    /// Limits far below the command's, so that every input a fuzzer makes finishes within
    /// milliseconds.
    static var small: Limits {
        var limits = Limits()
        limits.loopIterations = 300
        limits.trackPoints = 2_000
        limits.pathElements = 2_000
        limits.callDepth = 40
        limits.nesting = 300
        limits.statementWork = 30_000
        return limits
    }
}
