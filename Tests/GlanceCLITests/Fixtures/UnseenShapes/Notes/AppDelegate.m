#import "AppDelegate.h"
#import "Notes-Swift.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    return YES;
}

/* Widgets open notes://note/<id>; the Lock Screen activity opens the note being edited. */
- (BOOL)application:(UIApplication *)app
            openURL:(NSURL *)url
            options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    if ([url.host isEqualToString:@"note"]) {
        [[NoteStore shared] openNoteWithIdentifier:url.lastPathComponent];
        return YES;
    }
    return NO;
}

@end
