import Testing
@testable import ShapeGeometry
@Test func zzO11() throws {
    var p = Path()
    try p.move(to: Point(140, 140))
    try p.curve(control1: Point(40, 30), control2: Point(0, 40), to: Point(90, 70))
    for w in [2340.0, 2350, 2355, 2360, 2365, 2370, 2383, 2384, 2385, 2385.5, 2386, 932.534, 932.5] {
        let r = p.strokedResult(StrokeStyle(width: w))
        print("W", w, (try? r.get()) == nil ? "FAIL" : "ok")
    }
}
