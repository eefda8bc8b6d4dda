/// A named set of changes to dependency values that a launch chooses by name: how a UI test
/// (which starts the app as a separate process, out of reach of `withDependencies` and test
/// traits) puts the app into the state it tests.
///
/// Declare each profile once, next to the app's dependencies. A profile changes only what it is
/// about; every other dependency keeps its value in the process's context (live in the app,
/// preview under `AMBIENT_CONTEXT=preview`):
///
/// ```swift
/// extension LaunchProfile {
///   static let emptyCatalogue = LaunchProfile("empty-catalogue") {
///     $0.apiClient.fetchItems = { [] }
///   }
///   static let offline = LaunchProfile("offline") {
///     $0.apiClient.fetchItems = { throw URLError(.notConnectedToInternet) }
///   }
/// }
/// ```
///
/// Apply the ones the launch chose first thing at the app's entry point, with
/// ``prepareDependencies(launchProfiles:_:fileID:filePath:line:column:)``. A launch chooses them
/// with the `AMBIENT_PROFILE` environment variable (``environmentVariable``), one name or several
/// separated by commas, or with the launch argument pair `-AmbientProfile NAME`
/// (``launchArgument``), which may repeat; see ``chosen(from:environment:arguments:)`` for how
/// the two combine. A UI test sets either before it launches the app:
///
/// ```swift
/// app.launchEnvironment["AMBIENT_PROFILE"] = "empty-catalogue"
/// app.launchArguments += ["-AmbientProfile", "offline"]
/// ```
///
/// A name the app does not declare is never ignored: the app applies no profile, reports an
/// issue naming it and every declared one, and can show that text instead of its first screen.
///
/// A unit test can apply the same profile to one scope with ``apply(to:)``:
///
/// ```swift
/// withDependencies { LaunchProfile.offline.apply(to: &$0) } operation: { ItemListModel() }
/// ```
///
/// - Important: A profile is identified by its name, which the launch spells exactly (letter
///   case included). Names are separated by commas and trimmed of spaces, so a name that is
///   empty, contains a comma or starts or ends with a space can never be chosen; declaring one,
///   or two profiles with one name, is reported when the profiles are prepared.
public struct LaunchProfile: Sendable, Identifiable {
  /// The name a launch chooses this profile by, such as `"empty-catalogue"`.
  public let name: String

  private let changes: @Sendable (inout DependencyValues) -> Void

  /// A profile that makes `changes` to the dependency values when a launch chooses `name`.
  ///
  /// - Parameters:
  ///   - name: The name the launch gives, in `AMBIENT_PROFILE` or after `-AmbientProfile`:
  ///     unique in the app, not empty, without commas or surrounding spaces.
  ///   - changes: Sets the values the profile is about, as the closure of `withDependencies`
  ///     does. It runs once when the profile is prepared (and once per ``apply(to:)``), over the
  ///     values of the context and of the profiles applied before it; setting part of a
  ///     dependency (`$0.apiClient.fetchItems = …`) keeps the rest of its value.
  public init(_ name: String, _ changes: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.name = name
    self.changes = changes
  }

  /// The profile's name: a launch means one profile by one name.
  public var id: String { name }

  /// Makes the profile's changes to `values`, as its closure says.
  ///
  /// For code that applies profiles itself: a command-line tool inside the `withDependencies`
  /// of its entry point, or a unit test that wants the state a UI test launches into.
  ///
  /// ```swift
  /// let profiles = try LaunchProfile.chosen(from: [.emptyCatalogue, .offline])
  /// try await withDependencies {
  ///   for profile in profiles { profile.apply(to: &$0) }
  /// } operation: {
  ///   try await runCommand()
  /// }
  /// ```
  ///
  /// - Parameter values: The values to change.
  public func apply(to values: inout DependencyValues) {
    changes(&values)
  }

  /// `AMBIENT_PROFILE`: the environment variable that names the profiles a launch chooses, one
  /// name or several separated by commas (`AMBIENT_PROFILE=signed-out,offline`).
  public static let environmentVariable = "AMBIENT_PROFILE"

  /// `-AmbientProfile`: the launch argument followed by the name of a profile to apply
  /// (`-AmbientProfile offline`), as `XCUIApplication.launchArguments` passes it. The pair may
  /// repeat, and its name may be several, separated by commas.
  public static let launchArgument = "-AmbientProfile"
}
