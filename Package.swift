// swift-tools-version: 6.0
import PackageDescription

/// libm is not linked automatically on Linux; every target that calls sin, cos, hypot and friends
/// through Glibc names it.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "shape",
    products: [
        .library(name: "ShapeGeometry", targets: ["ShapeGeometry"]),
    ],
    targets: [
        // Value types and exact path geometry. No Foundation, no I/O.
        .target(name: "ShapeGeometry", linkerSettings: libm),
        // Release-built timings of the geometry workloads (scripts/bench).
        .executableTarget(name: "ShapeBenchmarks", dependencies: ["ShapeGeometry"], linkerSettings: libm),
        .testTarget(name: "ShapeGeometryTests", dependencies: ["ShapeGeometry"], linkerSettings: libm),
    ]
)
