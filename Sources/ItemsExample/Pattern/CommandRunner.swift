import Ambient

/// Runs one `items` command: the app's entry point and root screen, as a command line.
///
/// The entry point builds the app's dependencies from what the command line asks for and
/// installs them once, as an ``AppDependency``; the root builds the list screen from it, and
/// the list reaches the detail screen through it. `main.swift` only passes the process's
/// arguments and environment in and the ``Outcome`` out, so tests call
/// ``run(arguments:environment:)`` directly, inside `withDependencies`.
///
/// `ITEMS_WITHOUT_APP_DEPENDENCY=1` runs without installing the aggregate, as a preview of a
/// screen would: the root then shows the ``NotSetScreen`` and no dependency is built. The
/// ``LaunchProfile/items`` that `AMBIENT_PROFILE` or `-AmbientProfile` choose apply over what
/// the command line chose, as an app's apply over its context's values.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
enum CommandRunner {
  /// What the process prints and its exit status.
  struct Outcome: Equatable {
    var output = ""
    var errorOutput = ""
    var status: Int32 = 0
    /// Whether ``errorOutput`` is the ``NotSetScreen``, which a terminal shows in red.
    var isNotSetScreen = false
  }

  /// The environment variable that leaves ``AppDependency`` uninstalled.
  static let withoutAppDependencyVariable = "ITEMS_WITHOUT_APP_DEPENDENCY"

  static func run(arguments: [String], environment: [String: String]) async -> Outcome {
    do {
      let invocation = try Invocation(arguments: arguments, environment: environment)
      let installs = environment[withoutAppDependencyVariable].map { $0.isEmpty || $0 == "0" } ?? true
      return Outcome(output: try await run(invocation, installingAppDependency: installs))
    } catch let screen as NotSetScreen {
      return Outcome(errorOutput: screen.fallback.text, status: 1, isNotSetScreen: true)
    } catch let error as ItemsError {
      return Outcome(errorOutput: "items: error: \(error)", status: error.exitStatus)
    } catch {
      return Outcome(errorOutput: "items: error: \(reason(for: error))", status: 1)
    }
  }

  static func run(_ invocation: Invocation, installingAppDependency: Bool = true) async throws -> String {
    if invocation.command == .help { return Usage.text }
    guard let format = invocation.dependencyGraph else {
      return try await enter(invocation, installingAppDependency: installingAppDependency)
    }
    // Traced around the entry point, not inside it, so the graph shows what building the
    // app's dependencies read, not only the aggregate they were installed in.
    let (_, trace) = try await withDependencyTrace {
      try await enter(invocation, installingAppDependency: installingAppDependency)
    }
    return format.render(trace, root: invocation.commandLine)
  }

  /// The entry point: installs the app's dependencies and runs the command on them.
  private static func enter(_ invocation: Invocation, installingAppDependency: Bool) async throws -> String {
    try await withDependencies {
      if invocation.usesPreviewValues {
        $0.context = .preview
      } else {
        if let source = invocation.catalogueSource {
          $0.apiClient = .live(from: source, limits: invocation.catalogueLimits)
        }
        if let store = invocation.storeURL { $0.database = .file(at: store) }
      }
      // The launch profiles a test chose, over the values above, before the root reads any.
      for profile in invocation.launchProfiles { profile.apply(to: &$0) }
      // The entry point: the one place that builds the app's dependencies, installed once.
      if installingAppDependency {
        $0.install(AppDependency(apiClient: $0.apiClient, database: $0.database))
      }
    } operation: {
      try await perform(invocation.command)
    }
  }

  /// The root screen: built from the installed aggregate, as a `DependencyProvider` at the
  /// root of a SwiftUI app would build it. It checks without reporting, since the not-set
  /// screen is this command line's report (one line, where an issue would print several).
  private static func perform(_ command: Invocation.Command) async throws -> String {
    @Dependency(AppDependency.self) var installed
    guard let app = installed.installedValue else { throw NotSetScreen(missing: AppDependency.self) }
    let list = ItemListModel(apiClient: app.apiClient, database: app.database)
    try await list.load()
    switch command {
    case .list, .help:
      return ItemListView(model: list).body
    case .show(let id):
      let detail = try list.select(id: id)
      try detail.load()
      return ItemDetailView(model: detail).body
    case .favorite(let id, let change):
      return try changeFavorite(of: list.select(id: id), change)
    }
  }

  private static func changeFavorite(of detail: ItemDetailModel, _ change: Invocation.FavoriteChange) throws -> String {
    let name = "\(detail.item.name) (\(detail.item.id))"
    switch change {
    case .toggle:
      try detail.toggleFavorite()
      return detail.isFavorite
        ? "Toggled: ★ \(name) is now a favourite."
        : "Toggled: \(name) is no longer a favourite."
    case .set(let isFavorite):
      try detail.load()
      let wasFavorite = detail.isFavorite
      try detail.setFavorite(isFavorite)
      switch (wasFavorite, isFavorite) {
      case (true, true): return "Set: ★ \(name) was already a favourite; nothing changed."
      case (false, false): return "Set: \(name) was not a favourite; nothing changed."
      case (false, true): return "Set: ★ \(name) is now a favourite."
      case (true, false): return "Set: \(name) is no longer a favourite."
      }
    }
  }
}
