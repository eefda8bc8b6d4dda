#if canImport(SwiftUI) && !canImport(SwiftUI, _version: 6.0)
public import Ambient
public import SwiftUI

// The preview traits of `PreviewTrait+Dependencies.swift` need the iOS 18 SDK's
// `PreviewModifier`. Against an earlier SDK they are declared here with the same signatures, so
// an app's `@available(iOS 18.0, *) #Preview(traits: .dependencies { … })` still compiles there:
// such a preview only renders on iOS 18 and later, which an earlier SDK cannot preview, so these
// never run. No Xcode pairs a Swift 6 compiler with an earlier SDK; the Apple typecheck's
// iPhoneOS 17.4 SDK does.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension PreviewTrait where T == Preview.ViewTraits {
  /// Changes several dependencies for one preview; with this SDK, a trait that does nothing
  /// (previews with it render only on iOS 18 and later, which need the iOS 18 SDK).
  ///
  /// - Parameters:
  ///   - fileID: The preview.
  ///   - filePath: The preview.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  ///   - update: Changes the values, as in ``/Ambient/withDependencies(_:operation:)``.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependencies(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: (inout DependencyValues) -> Void
  ) -> PreviewTrait<T> {
    .defaultLayout
  }

  /// Sets the dependency at `keyPath` for one preview; with this SDK, a trait that does nothing.
  ///
  /// - Parameters:
  ///   - keyPath: The ``/Ambient/DependencyValues`` property to set.
  ///   - value: Its value in the preview.
  ///   - fileID: The preview.
  ///   - filePath: The preview.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PreviewTrait<T> {
    .defaultLayout
  }

  /// Sets the dependency of a type that is its own key for one preview; with this SDK, a trait
  /// that does nothing.
  ///
  /// - Parameters:
  ///   - value: The dependency.
  ///   - fileID: The preview.
  ///   - filePath: The preview.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependency<Key: TestDependencyKey>(
    _ value: Key,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PreviewTrait<T> where Key.Value == Key {
    .defaultLayout
  }

  /// Installs a required dependency for one preview; with this SDK, a trait that does nothing.
  ///
  /// - Parameters:
  ///   - value: The required dependency to install.
  ///   - fileID: The preview.
  ///   - filePath: The preview.
  ///   - line: The preview's line.
  ///   - column: The preview's column.
  /// - Returns: A preview trait.
  @MainActor
  public static func dependency<Key: RequiredDependencyKey>(
    _ value: Key,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PreviewTrait<T> {
    .defaultLayout
  }
}
#endif
