#if canImport(SwiftUI)
import Ambient
import SwiftUI

/// Draws a ``ProviderFallback``: full-screen red with white text in debug builds, nothing in
/// release builds. The decision itself is made (and tested) in `Ambient`.
@MainActor
struct NotSetView: View {
  let fallback: ProviderFallback

  var body: some View {
    if fallback.isVisible {
      if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {
        text.foregroundStyle(.white).background(.red, ignoresSafeAreaEdges: .all)
      } else {
        // The iOS 13 and 14 spellings, which later SDKs mark to be deprecated.
        text.foregroundColor(.white).background(Color.red.edgesIgnoringSafeArea(.all))
      }
    } else {
      EmptyView()
    }
  }

  private var text: some View {
    Text(fallback.text)
      .font(Font.title.weight(.black))
      .multilineTextAlignment(.center)
      .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}
#endif
