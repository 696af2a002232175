/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Store listing of the Android app, when published. */
  readonly VITE_ANDROID_STORE_URL?: string;
  /** Store listing of the iOS app, when published. */
  readonly VITE_IOS_STORE_URL?: string;
  /** Where the native rate prompt's browser fallback sends the borrower. */
  readonly VITE_RATE_URL?: string;
}
