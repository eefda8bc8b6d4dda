import Ambient

/// Runs one `items` command: the app's root, which sets up the dependencies the command line
/// asks for and drives the screens' models.
///
/// `main.swift` only passes the process's arguments and environment in and the ``Outcome``
/// out, so tests call ``run(arguments:environment:)`` directly, inside `withDependencies`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
enum CommandRunner {
  /// What the process prints and its exit status.
  struct Outcome: Equatable {
    var output = ""
    var errorOutput = ""
    var status: Int32 = 0
  }

  static func run(arguments: [String], environment: [String: String]) async -> Outcome {
    do {
      let invocation = try Invocation(arguments: arguments, environment: environment)
      return Outcome(output: try await run(invocation))
    } catch let error as ItemsError {
      return Outcome(errorOutput: "items: error: \(error)", status: error.exitStatus)
    } catch {
      return Outcome(errorOutput: "items: error: \(reason(for: error))", status: 1)
    }
  }

  static func run(_ invocation: Invocation) async throws -> String {
    if invocation.command == .help { return Usage.text }
    return try await withDependencies {
      if invocation.usesPreviewValues {
        $0.context = .preview
      } else {
        if let source = invocation.catalogueSource { $0.apiClient = .live(from: source, limits: invocation.catalogueLimits) }
        if let store = invocation.storeURL { $0.database = .file(at: store) }
      }
    } operation: {
      try await perform(invocation.command)
    }
  }

  private static func perform(_ command: Invocation.Command) async throws -> String {
    // The root is the one place that reads the API client to hand it to the list.
    @Dependency(\.apiClient) var apiClient
    let list = ItemListModel(apiClient: apiClient)
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
