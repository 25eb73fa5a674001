/** How to import the .pfx in each browser, and which browser this probably is. */
export type BrowserId = 'chrome' | 'firefox' | 'edge' | 'safari';

export interface BrowserGuide {
  id: BrowserId;
  name: string;
  steps: string[];
}

export const BROWSER_GUIDES: BrowserGuide[] = [
  {
    id: 'chrome',
    name: 'Chrome',
    steps: [
      'Open Settings → Privacy and security → Security → Manage certificates (or go to chrome://certificate-manager).',
      'Under Your certificates, choose Import and select the .pfx file. On Windows and macOS, Chrome may open the system certificate store instead: import the file there (Windows: Personal store; macOS: login keychain).',
      'Enter the password you chose above, or leave it empty if you set none.',
      'Restart Chrome completely so it offers the certificate to this server.',
    ],
  },
  {
    id: 'firefox',
    name: 'Firefox',
    steps: [
      'Open Settings → Privacy & Security, scroll to Certificates and choose View Certificates….',
      'On the Your Certificates tab, choose Import… and select the .pfx file.',
      'Enter the password you chose above, or leave it empty if you set none.',
      'Reload this page; if Firefox does not ask which certificate to use, restart it.',
    ],
  },
  {
    id: 'edge',
    name: 'Edge',
    steps: [
      'Open Settings → Privacy, search, and services → Security → Manage certificates.',
      'Choose Import and select the .pfx file; on Windows the Certificate Import Wizard opens: keep the Personal store.',
      'Enter the password you chose above, or leave it empty if you set none.',
      'Restart Edge completely so it offers the certificate to this server.',
    ],
  },
  {
    id: 'safari',
    name: 'Safari',
    steps: [
      'Double-click the .pfx file: Keychain Access opens. Add it to the login keychain.',
      'Enter the password you chose above (macOS needs a password on the file).',
      'Restart Safari. When it asks which certificate to use for this site, choose the new one.',
    ],
  },
];

/** A best guess from the user agent, used only to open the matching instructions first. */
export function detectBrowser(userAgent: string): BrowserId {
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Edg\//.test(userAgent)) return 'edge';
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'chrome';
}
