/// What one `#Preview` trait changes (`.dependencies { … }`, `.dependency(\.x, value)`, an
/// installed aggregate), and how a preview derives its scope from it: the logic behind
/// `AmbientUI`'s preview traits on iOS 18, macOS 15 and later.
///
/// The trait holds the change; each preview that uses it derives its own scope with its own
/// ``ScopeDerivation``, kept in that preview's view state:
///
/// ```swift
/// let trait = PreviewDependencies.installing(AppDependency(apiClient: .preview, database: .preview))
/// let scope = trait.scope(over: parent, in: derivation)   // the same scope at every evaluation
/// ```
///
/// The change runs once per preview, however often SwiftUI evaluates the body (the scope keeps
/// its identity while the scope above is unchanged), and its values live in that preview's tree:
/// never in the process, so other previews in the same file keep their own. Default values too:
/// each preview's scope starts from a root of its own, so its defaults are built once for it.
package struct PreviewDependencies {
  package let update: ScopeUpdate

  /// A trait that changes the values as `update` does, over default values of the preview's
  /// own: each preview builds its `previewValue`s once, for itself, so a default one preview
  /// changes (a store it fills, a clock it advances) is not the next preview's.
  package init(_ update: @escaping (inout DependencyValues) -> Void) {
    self.update = ScopeUpdate { values in
      values = values.withFreshDefaultValues()
      update(&values)
    }
  }

  /// A trait that sets the dependency at `keyPath`.
  package static func setting<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> PreviewDependencies {
    PreviewDependencies { $0[keyPath: keyPath] = value }
  }

  /// A trait that sets the dependency of a type that is its own key.
  package static func setting<Key: TestDependencyKey>(_ value: Key) -> PreviewDependencies where Key.Value == Key {
    PreviewDependencies { $0[Key.self] = value }
  }

  /// A trait that installs a required dependency (the app's aggregate, usually).
  package static func installing<Key: RequiredDependencyKey>(_ value: Key) -> PreviewDependencies {
    PreviewDependencies { $0.install(value) }
  }

  /// The preview's scope over `parent`: derived by `derivation` (the preview's own) the first
  /// time, and the same scope at every later evaluation while `parent` is unchanged.
  @MainActor
  package func scope(over parent: DependencyScope, in derivation: ScopeDerivation) -> DependencyScope {
    derivation.scope(over: parent, update: update)
  }
}
