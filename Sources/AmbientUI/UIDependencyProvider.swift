#if canImport(UIKit) && canImport(SwiftUI) && (os(iOS) || os(tvOS) || os(visionOS))
public import Ambient
import SwiftUI
public import UIKit

/// Builds a view controller from the app's aggregate of dependencies, found in the
/// ``UIKit/UITraitCollection/dependencyScope`` trait of the screen that navigates: UIKit's
/// ``DependencyProvider``.
///
/// ```swift
/// final class ItemListViewController: UIViewController {
///   func show(_ item: Item) {
///     let detail = UIDependencyProvider.makeViewController(for: self) { (deps: AppDependency) in
///       ItemDetailViewController(item: item, database: deps.database)
///     }
///     navigationController?.pushViewController(detail, animated: true)
///   }
/// }
/// ```
///
/// Install the aggregate once at the root with
/// `windowScene.traitOverrides.dependencyScope = DependencyScope().installing(AppDependency(…))`.
/// When none was installed, in any context, an issue naming the type is reported and the
/// result is a controller showing the ``/Ambient/ProviderFallback``: full-screen red
/// "`AppDependency` is not set." in debug builds, empty in release builds.
///
/// - Important: Traits are up to date once a view is in the hierarchy: call this from an
///   action or from `viewIsAppearing(_:)` onward, not from `init` or `viewDidLoad`.
@available(iOS 17.0, tvOS 17.0, *)
@MainActor
public enum UIDependencyProvider {
  /// The controller `factory` builds from the installed aggregate, or the "not set" fallback.
  ///
  /// - Parameters:
  ///   - environment: The view or view controller whose traits hold the aggregate.
  ///   - fileID: Where it was asked for, for the report when nothing was installed.
  ///   - filePath: Where it was asked for, for the report.
  ///   - line: Where it was asked for, for the report.
  ///   - column: Where it was asked for, for the report.
  ///   - factory: Builds the controller from the aggregate; it runs with the scope's values
  ///     bound, so models it creates capture them.
  /// - Returns: The controller to present or push.
  public static func makeViewController<Aggregate: RequiredDependencyKey>(
    for environment: some UITraitEnvironment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    factory: (Aggregate) -> some UIViewController
  ) -> UIViewController {
    environment.traitCollection.dependencyScope.provide(
      Aggregate.self,
      { factory($0) as UIViewController },
      fallback: { UIHostingController(rootView: NotSetView(fallback: $0)) as UIViewController },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
#endif
