import Dependencies
import DependenciesTestSupport
import Foundation
import Greetings
import Testing

@Test(.dependency(\.date.now, Date(timeIntervalSince1970: 3_600)))
func greetsTheMorning() {
  #expect(Greeter().greeting() == "Good morning")
}

@Test(.dependency(\.date.now, Date(timeIntervalSince1970: 50_000)))
func greetsTheAfternoon() {
  #expect(Greeter().greeting() == "Good afternoon")
}
