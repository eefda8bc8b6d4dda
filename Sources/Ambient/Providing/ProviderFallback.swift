/// What a UI provider shows in place of a screen whose required dependency was not installed:
/// in debug builds a full-screen red view saying "`AppDependency` is not set.", in release
/// builds nothing.
///
/// The SwiftUI `DependencyProvider` and UIKit `UIDependencyProvider` in `AmbientUI` only draw
/// this decision; it is made here, where it is tested on every platform:
///
/// ```swift
/// let fallback = ProviderFallback(missing: AppDependency.self)
/// fallback.text        // "AppDependency is not set."
/// fallback.isVisible   // true in debug builds, false in release builds
/// ```
///
/// The decision is the same in live, preview and test contexts; the issue reported alongside
/// it (by ``DependencyScope/provide(_:_:fallback:fileID:filePath:line:column:)``) fails a test.
///
/// - Important: A release build shows an empty screen rather than a red one, so a missing
///   installation that reaches users is quiet there: rely on the reported issue (and on the red
///   screen in debug builds) to catch it before release.
public struct ProviderFallback: Sendable, Equatable {
  /// The missing dependency's type, as written in code, such as `"AppDependency"`.
  public let typeName: String

  /// Whether to show ``text`` (on a full-screen red background) or nothing at all.
  public let isVisible: Bool

  /// The text to show: "`<Type>` is not set.", for example "AppDependency is not set."
  public var text: String { "\(typeName) is not set." }

  /// The fallback for a missing `type`.
  ///
  /// - Parameters:
  ///   - type: The required dependency that was not installed.
  ///   - isDebugBuild: Whether this is a debug build, which decides ``isVisible``; the build
  ///     configuration Ambient was compiled in by default.
  public init<Missing>(missing type: Missing.Type, isDebugBuild: Bool = ProviderFallback.isDebugBuild) {
    typeName = Ambient.typeName(type)
    isVisible = isDebugBuild
  }

  /// Whether Ambient was compiled in a debug configuration.
  public static var isDebugBuild: Bool {
    #if DEBUG
    true
    #else
    false
    #endif
  }
}
