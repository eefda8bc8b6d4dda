// Public: the defaults read the process's environment and arguments where the caller is.
public import Foundation

extension LaunchProfile {
  /// The profiles a launch chooses among `declared`, in the order it names them: first those of
  /// `AMBIENT_PROFILE`, then those after each `-AmbientProfile` in the arguments, left to right.
  ///
  /// ```swift
  /// // AMBIENT_PROFILE=signed-out, launch arguments -AmbientProfile offline
  /// try LaunchProfile.chosen(from: [.emptyCatalogue, .offline, .signedOut])  // [.signedOut, .offline]
  /// ```
  ///
  /// The variable and the arguments add up: a UI test can keep a base profile in
  /// `launchEnvironment` and add one per test in `launchArguments`. Profiles are applied in
  /// this order, so where two change the same value, the later one's change is kept. A value
  /// may name several profiles separated by commas; spaces around a name and empty names
  /// (`"a,,b"`, or the variable set to nothing) are ignored, and a name may be chosen twice. A
  /// name matches the first profile declared with exactly that name.
  ///
  /// It decides and reports nothing: ``prepareDependencies(launchProfiles:_:fileID:filePath:line:column:)``
  /// calls it and reports the error, and a command-line tool can print the error's one-line
  /// description and exit:
  ///
  /// ```swift
  /// do {
  ///   profiles = try LaunchProfile.chosen(from: [.emptyCatalogue, .offline])
  /// } catch {
  ///   print("mytool: error: \(error)")  // an UnknownLaunchProfile's one line
  ///   exit(2)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - declared: Every profile the app declares.
  ///   - environment: The launch's environment; the process's by default.
  ///   - arguments: The launch's arguments, the program's path first or not; the process's by
  ///     default.
  /// - Returns: The chosen profiles, in the order to apply them; empty when the launch names
  ///   none.
  /// - Throws: ``UnknownLaunchProfile``, and nothing else: when `-AmbientProfile` is the last
  ///   argument, with no name after it, or else for the first name, in launch order, that no
  ///   declared profile has.
  public static func chosen(
    from declared: [LaunchProfile],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    arguments: [String] = CommandLine.arguments
  ) throws -> [LaunchProfile] {
    // Untyped throws: a typed `throw` crashes the compiler against the iOS 17.4 SDK's Swift
    // 5.10 standard library (it has no `_willThrowTyped`), which the Apple typecheck builds on.
    // Each name with where the launch gave it, in launch order.
    var requests =
      environment[environmentVariable].map { value in
        names(in: value).map { ($0, environmentVariable) }
      } ?? []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument == launchArgument else { continue }
      guard let value = remaining.popFirst() else {
        throw UnknownLaunchProfile(name: "", source: launchArgument, declared: declared)
      }
      requests += names(in: value).map { ($0, launchArgument) }
    }
    var chosen: [LaunchProfile] = []
    for (name, source) in requests {
      guard let profile = declared.first(where: { $0.name == name }) else {
        throw UnknownLaunchProfile(name: name, source: source, declared: declared)
      }
      chosen.append(profile)
    }
    return chosen
  }

  /// The names in one value of the variable or the argument: split at commas, trimmed, empty
  /// ones left out.
  private static func names(in value: String) -> [String] {
    value.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
  }

  /// Why a declared name can never be chosen, or `nil` when it can.
  var unchoosableReason: String? {
    if name.isEmpty { return "it is empty" }
    if name.contains(",") { return "a launch separates names at commas" }
    if name != name.trimmingCharacters(in: .whitespacesAndNewlines) { return "a launch trims the spaces around a name" }
    return nil
  }
}
