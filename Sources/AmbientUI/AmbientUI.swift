// SwiftUI and UIKit adapters for Ambient. Every file in this target sits behind
// `canImport(SwiftUI)` or `canImport(UIKit)`, so on Linux it compiles to nothing.
