/// A launch named a launch profile that the app does not declare, so none of its profiles was
/// applied.
///
/// Its ``description`` is one line naming the unknown profile and every declared one, the same
/// text wherever it is shown:
///
/// ```
/// AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: empty-catalogue, offline.
/// ```
///
/// ``prepareDependencies(launchProfiles:_:fileID:filePath:line:column:)`` reports it as an issue
/// and returns it, for the app to show instead of its first screen (AmbientUI's
/// [`UnknownLaunchProfileView`](/documentation/ambientui/unknownlaunchprofileview) draws it as
/// the red "not set" screen). ``LaunchProfile/chosen(from:environment:arguments:)`` throws it,
/// and a command-line tool prints the line and exits non-zero:
///
/// ```swift
/// do {
///   profiles = try LaunchProfile.chosen(from: [.emptyCatalogue, .offline])
/// } catch {
///   print("mytool: error: \(error)")  // the one line
///   exit(2)
/// }
/// ```
public struct UnknownLaunchProfile: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name that no declared profile has; empty when `-AmbientProfile` was the last launch
  /// argument, with no name after it.
  public let name: String

  /// Where the launch gave the name: `"AMBIENT_PROFILE"` or `"-AmbientProfile"`.
  public let source: String

  /// The names of the profiles the app declares, in the order it declares them, each once.
  public let knownNames: [String]

  package init(name: String, source: String, knownNames: [String]) {
    self.name = name
    self.source = source
    self.knownNames = knownNames
  }

  init(name: String, source: String, declared: [LaunchProfile]) {
    var seen: Set<String> = []
    self.init(name: name, source: source, knownNames: declared.map(\.name).filter { seen.insert($0).inserted })
  }

  /// One line naming the unknown profile and every known one, such as
  /// `AMBIENT_PROFILE names an unknown launch profile, "ofline"; the known ones are: empty-catalogue, offline.`
  public var description: String {
    let unknown =
      name.isEmpty
      ? "\(source) is not followed by a launch profile name"
      : "\(source) names an unknown launch profile, \"\(name)\""
    let known = knownNames.isEmpty ? "none are declared" : "the known ones are: \(knownNames.joined(separator: ", "))"
    return "\(unknown); \(known)."
  }
}
