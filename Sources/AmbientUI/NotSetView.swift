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
      Text(fallback.text)
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
