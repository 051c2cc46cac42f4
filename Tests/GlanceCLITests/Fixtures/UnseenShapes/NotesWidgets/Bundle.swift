import SwiftUI
import WidgetKit

@main
struct NotesWidgetsBundle: WidgetBundle {
    var body: some Widget { NotesWidgetList.all }
}

enum NotesWidgetList {}

extension NotesWidgetList {
    @WidgetBundleBuilder static var all: some Widget {
        NoteWidget()
        activities
    }

    @WidgetBundleBuilder static var activities: some Widget {
        #if canImport(ActivityKit)
        NoteActivityWidget()
        #endif
    }
}
