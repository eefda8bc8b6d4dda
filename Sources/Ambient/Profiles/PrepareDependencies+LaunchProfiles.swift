import Foundation

/// Prepares the app's default values and, over them, the launch profiles the launch chose: the
/// first call of an app's entry point, before anything reads a dependency.
///
/// ```swift
/// @main struct ItemsApp: App {
///   private let unknownProfile: UnknownLaunchProfile?
///
///   init() {
///     unknownProfile = prepareDependencies(launchProfiles: [.emptyCatalogue, .offline])
///   }
///
///   var body: some Scene {
///     WindowGroup {
///       if let unknownProfile {
///         UnknownLaunchProfileView(unknownProfile)   // AmbientUI: the red "not set" screen
///       } else {
///         RootView()
///       }
///     }
///   }
/// }
/// ```
///
/// It reads the process's environment and arguments (see
/// ``LaunchProfile/chosen(from:environment:arguments:)``), then prepares, in one
/// ``prepareDependencies(_:fileID:filePath:line:column:)``, what `updateValues` sets followed by
/// each chosen profile's changes, in the launch's order. So a profile's changes apply over the
/// values of the process's context (`AMBIENT_CONTEXT` still chooses it) and over the app's own
/// prepared values, and every scope reads them unless it overrides them. Make it the app's one
/// `prepareDependencies`: a key prepared again later keeps the first value, and reports it.
///
/// A launch that names no profile prepares exactly what `updateValues` sets, or nothing when
/// there is no closure: reads cost what they cost without profiles.
///
/// When the launch names a profile the app does not declare, no profile is applied (the
/// closure's values still are), an issue is reported naming it and every declared profile (a
/// runtime warning in the app, a failure in a test), and the unknown profile is returned, for
/// the app to show instead of its first screen. A declared profile that no launch can choose
/// (a name declared twice, empty, with a comma or surrounding spaces) is reported too.
///
/// - Important: Call it before anything reads a dependency: in a SwiftUI `App`, first in
///   `init`, and build what reads dependencies after it, not in stored properties' initial
///   values, which run before `init`'s body.
///
/// - Parameters:
///   - launchProfiles: Every launch profile the app declares; the launch chooses among them.
///   - updateValues: Sets the app's own prepared values, under the chosen profiles.
///   - fileID: Where the call is, for reports.
///   - filePath: Where the call is, for reports.
///   - line: Where the call is, for reports.
///   - column: Where the call is, for reports.
/// - Returns: The unknown profile the launch named, already reported, for the app to show; `nil`
///   when the launch's profiles, if it named any, were applied.
@discardableResult
public func prepareDependencies(
  launchProfiles: [LaunchProfile],
  _ updateValues: ((inout DependencyValues) -> Void)? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> UnknownLaunchProfile? {
  prepareDependencies(
    launchProfiles: launchProfiles,
    environment: ProcessInfo.processInfo.environment,
    arguments: CommandLine.arguments,
    updateValues,
    location: (fileID, filePath, line, column)
  )
}

/// ``prepareDependencies(launchProfiles:_:fileID:filePath:line:column:)`` for a given launch.
func prepareDependencies(
  launchProfiles: [LaunchProfile],
  environment: [String: String],
  arguments: [String],
  _ updateValues: ((inout DependencyValues) -> Void)?,
  location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
) -> UnknownLaunchProfile? {
  func report(_ message: IssueMessage) {
    reportIssue(
      message.description, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
  for (name, reason) in unchoosableNames(in: launchProfiles) {
    report(.unchoosableLaunchProfile(named: name, because: reason))
  }
  var chosen: [LaunchProfile] = []
  var unknown: UnknownLaunchProfile?
  do {
    chosen = try LaunchProfile.chosen(from: launchProfiles, environment: environment, arguments: arguments)
  } catch {
    unknown = error as? UnknownLaunchProfile
  }
  if updateValues != nil || !chosen.isEmpty {
    prepareDependencies(
      { values in
        updateValues?(&values)
        for profile in chosen { profile.apply(to: &values) }
      }, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
  }
  if let unknown {
    report(.unknownLaunchProfile(unknown, context: DependencyValues.current.resolvedContext))
  }
  return unknown
}

/// Each declared name that no launch can choose, with why, in declaration order.
private func unchoosableNames(in declared: [LaunchProfile]) -> [(name: String, reason: String)] {
  var seen: Set<String> = []
  return declared.compactMap { profile in
    guard seen.insert(profile.name).inserted else {
      return (profile.name, "a profile declared before it has that name")
    }
    return profile.unchoosableReason.map { (profile.name, $0) }
  }
}
