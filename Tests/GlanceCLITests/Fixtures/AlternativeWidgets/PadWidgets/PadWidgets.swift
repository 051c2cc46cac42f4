import ActivityKit
import AppIntents
import SwiftUI
import WidgetKit

@main
struct PadWidgets: WidgetBundle {
    var body: some Widget {
        notes
        SessionActivity()
        OpenPadControl()
        Self.ShelfWidget()
        OpenSectionControl()
    }

    @WidgetBundleBuilder var notes: some Widget {
        if #available(iOS 17, *) {
            NoteWidget()
        } else {
            LegacyNoteWidget()
        }
    }
}

struct NoteEntry: TimelineEntry {
    let date: Date
}

struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (NoteEntry) -> Void) { completion(NoteEntry(date: .now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [NoteEntry(date: .now)], policy: .never))
    }
}

struct NoteView: View {
    let entry: NoteEntry
    var body: some View { Text(entry.date, style: .time) }
}

@available(iOS 17, *)
struct NoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "note", provider: NoteProvider()) { entry in
            NoteView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Note")
    }
}

/// The same widget before iOS 17: it keeps the kind, so widgets already placed move over.
struct LegacyNoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "note", provider: NoteProvider()) { entry in
            NoteView(entry: entry).padding()
        }
        .configurationDisplayName("Note")
    }
}

struct SessionActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: SessionAttributes.self) { context in
            HStack {
                SessionCover()
                Text("\(context.state.pages) pages")
                Button(intent: MarkReadIntent()) { Label("Read", systemImage: "checkmark") }
            }
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.pages) pages") }
            } compactLeading: {
                Image(systemName: "book")
            } compactTrailing: {
                Text("\(context.state.pages)")
            } minimal: {
                Image(systemName: "book")
            }
        }
    }
}

/// The cover of the book being read, which the app saves in the App Group container.
struct SessionCover: View {
    var body: some View {
        if let cover = cover() { Image(uiImage: cover).resizable().frame(width: 24, height: 32) }
    }

    func cover() -> UIImage? {
        let file = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.pad")?
            .appendingPathComponent("cover.jpg")
        guard let file, let data = try? Data(contentsOf: file) else { return nil }
        return UIImage(data: data)
    }
}

struct OpenPadControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.pad.open") {
            ControlWidgetButton(action: OpenPadIntent()) {
                Label("Pad", systemImage: "book")
            }
        }
        .displayName("Open Pad")
        .description("Opens Pad.")
    }
}

/// Opens a section of the app; the configured intent is the button's action.
struct OpenSectionControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "com.example.pad.section", intent: OpenSectionIntent.self) { configuration in
            ControlWidgetButton(action: configuration) {
                Label(configuration.section, systemImage: "book")
            }
        }
        .displayName("Open Section")
        .description("Opens a section of Pad.")
    }
}

/// A stub: the app declares the intent that does the work (Pad/MarkReadIntent.swift).
struct MarkReadIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Mark Read"

    func perform() async throws -> some IntentResult { .result() }
}

struct OpenPadIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Pad"

    func perform() async throws -> some IntentResult & OpensIntent {
        let url = URL(string: "pad://")!
        return .result(opensIntent: OpenURLIntent(url))
    }
}

struct OpenPageIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Page"

    @Parameter(title: "Page")
    var page: URL

    func perform() async throws -> some IntentResult & OpensIntent {
        .result(opensIntent: OpenURLIntent(page))
    }
}

extension PadWidgets {
    /// Listed in the bundle by its qualified name.
    struct ShelfWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "shelf", provider: NoteProvider()) { entry in
                NoteView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
            }
            .configurationDisplayName("Shelf")
        }
    }
}
