#if canImport(SwiftUI, _version: 6.0)
import Ambient
import Combine
import SwiftUI

/// What a preview trait's modifier draws: the preview's content with the preview's values in
/// its environment and, when models made in the `#Preview` closure may not read them, a yellow
/// notice above it. The decisions are `PreviewSubtree`'s and `PreviewCanvas`'s, in Ambient.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct PreviewDependenciesView<Content: View>: View {
  let trait: PreviewDependencies
  let content: Content
  @Environment(\.dependencyScope) private var above
  @Environment(\.previewMarker) private var outer
  @State private var subtree = PreviewSubtree()
  /// Evaluates the body again when the process's values go to another preview, so that the
  /// notice shows at once.
  @StateObject private var canvasChanges = PreviewCanvasChanges()

  var body: some View {
    let evaluation = subtree.evaluate(trait, above: above, outer: outer)
    content
      .environment(\.dependencyScope, evaluation.scope)
      .environment(\.previewMarker, evaluation.marker)
      .safeAreaInset(edge: .top, spacing: 0) {
        if let notice = evaluation.notice {
          PreviewNoticeView(notice: notice)
        }
      }
  }
}

/// The notice: the whole message, small, on yellow, above the preview's content.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct PreviewNoticeView: View {
  let notice: PreviewNotice

  var body: some View {
    Text(notice.text)
      .font(.caption2)
      .foregroundStyle(.black)
      .fixedSize(horizontal: false, vertical: true)
      .frame(maxWidth: .infinity, alignment: .leading)
      .padding(8)
      .background(.yellow)
  }
}

/// Tells SwiftUI when the preview canvas changed hands. The canvas calls observers while a
/// body may be being evaluated, so the change is published on the next turn of the main actor.
@MainActor
final class PreviewCanvasChanges: ObservableObject {
  private var observation: PreviewCanvas.Observation?

  init() {
    observation = PreviewCanvas.shared.observe { [weak self] in
      Task { @MainActor in self?.objectWillChange.send() }
    }
  }
}

/// The environment entry that tells a preview trait's view that an outer trait of the same
/// preview is above it (see `PreviewSubtree`).
private struct PreviewMarkerKey: EnvironmentKey {
  static let defaultValue: PreviewMarker? = nil
}

extension EnvironmentValues {
  fileprivate var previewMarker: PreviewMarker? {
    get { self[PreviewMarkerKey.self] }
    set { self[PreviewMarkerKey.self] = newValue }
  }
}
#endif
