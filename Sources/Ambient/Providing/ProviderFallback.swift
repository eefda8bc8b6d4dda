/// What a UI provider shows in place of a screen whose required dependency was not installed:
/// in debug builds a full-screen red view saying "`AppDependency` is not set.", in release
/// builds nothing.
///
/// The SwiftUI [`DependencyProvider`](/documentation/ambientui/dependencyprovider) and UIKit
/// [`UIDependencyProvider`](/documentation/ambientui/uidependencyprovider) in `AmbientUI` only
/// draw this decision; it is made here, where it is tested on every platform:
///
/// ```swift
/// let fallback = ProviderFallback(missing: AppDependency.self)
/// fallback.text        // "AppDependency is not set."
/// fallback.isVisible   // true when Ambient is a debug build, false in a release build
/// ```
///
/// The decision is the same in live, preview and test contexts; the issue reported alongside
/// it (as ``Required/resolve(_:fallback:fileID:filePath:line:column:)`` reports it) fails a test.
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
  /// ```swift
  /// ProviderFallback(missing: AppDependency.self)                   // visible when Ambient is a debug build
  /// ProviderFallback(missing: AppDependency.self, isVisible: false) // your own decision
  /// ```
  ///
  /// - Parameters:
  ///   - type: The required dependency that was not installed.
  ///   - isVisible: Whether to show the red "not set" text; by default
  ///     ``isAmbientDebugBuild``, the configuration Ambient itself was compiled in (see the
  ///     callout there for when that differs from your app's).
  public init<Missing>(missing type: Missing.Type, isVisible: Bool = ProviderFallback.isAmbientDebugBuild) {
    typeName = Ambient.typeName(type)
    self.isVisible = isVisible
  }

  /// Whether Ambient itself was compiled with the `DEBUG` condition (a debug configuration):
  /// the default of ``isVisible``.
  ///
  /// - Important: This is Ambient's build configuration, not your app's. When your app builds
  ///   Ambient from source, as SwiftPM and Xcode do for a package dependency, Ambient is built
  ///   in the app's configuration and the two agree; a prebuilt Ambient keeps the configuration
  ///   it was built in. To decide by your app's own configuration, compute `isVisible:` with
  ///   an `#if DEBUG` in your code.
  public static var isAmbientDebugBuild: Bool {
    #if DEBUG
    true
    #else
    false
    #endif
  }
}
