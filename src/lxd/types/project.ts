export interface LxdProject {
  name: string;
  description: string;
  config: Record<string, string>;
  used_by?: string[];
  access_entitlements?: string[];
  etag?: string;
}
