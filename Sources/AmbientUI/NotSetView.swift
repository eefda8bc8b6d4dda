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
      Text(text)
        .font(Font.title.weight(.black))
        .foregroundColor(.white)
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color.red)
        .edgesIgnoringSafeArea(.all)
    } else {
      EmptyView()
    }
  }
}
#endif
