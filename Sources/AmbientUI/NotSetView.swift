#if canImport(SwiftUI)
import Ambient
import SwiftUI

/// Draws a ``ProviderFallback``: full-screen red with white text in debug builds, nothing in
/// release builds; and, always shown, an ``UnknownLaunchProfile``. The decisions are made (and
/// tested) in `Ambient`.
@MainActor
struct NotSetView: View {
  let text: String
  let isVisible: Bool

  init(fallback: ProviderFallback) {
    self.init(text: fallback.text, isVisible: fallback.isVisible)
  }

  init(text: String, isVisible: Bool) {
    self.text = text
    self.isVisible = isVisible
  }

  var body: some View {
    if isVisible {
      if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {
        label.foregroundStyle(.white).background(.red, ignoresSafeAreaEdges: .all)
      } else {
        // The iOS 13 and 14 spellings, which later SDKs mark to be deprecated.
        label.foregroundColor(.white).background(Color.red.edgesIgnoringSafeArea(.all))
      }
    } else {
      EmptyView()
    }
  }

  private var label: some View {
    Text(text)
      .font(Font.title.weight(.black))
      .multilineTextAlignment(.center)
      .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}
#endif
