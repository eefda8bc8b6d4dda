#if canImport(SwiftUI)
public import Ambient
public import SwiftUI

/// The red "not set" screen for a launch that named a launch profile the app does not declare:
/// what the app shows instead of its first screen, so a UI test that asked for a profile never
/// runs on values it did not ask for.
///
/// It shows the error's one line, such as `AMBIENT_PROFILE names an unknown launch profile,
/// "ofline"; the known ones are: empty-catalogue, offline.`, white on red, full screen, in
/// debug and release builds alike: only a launch that sets `AMBIENT_PROFILE` or
/// `-AmbientProfile` reaches it. ``/Ambient/prepareDependencies(launchProfiles:_:fileID:filePath:line:column:)``
/// has already reported the issue; the view only draws it.
///
/// ```swift
/// WindowGroup {
///   if let unknownProfile {
///     UnknownLaunchProfileView(unknownProfile)
///   } else {
///     RootView()
///   }
/// }
/// ```
@MainActor
public struct UnknownLaunchProfileView: View {
  private let unknown: UnknownLaunchProfile

  /// The screen for `unknown`, what `prepareDependencies(launchProfiles:)` returned.
  ///
  /// - Parameter unknown: The unknown profile the launch named.
  public init(_ unknown: UnknownLaunchProfile) {
    self.unknown = unknown
  }

  public var body: some View {
    NotSetView(text: unknown.description, isVisible: true)
  }
}
#endif
