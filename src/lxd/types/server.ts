export interface LxdServerEnvironment {
  addresses?: string[];
  architectures?: string[];
  certificate?: string;
  certificate_fingerprint?: string;
  driver?: string;
  driver_version?: string;
  firewall?: string;
  kernel?: string;
  kernel_architecture?: string;
  kernel_version?: string;
  os_name?: string;
  os_version?: string;
  project?: string;
  server?: string;
  server_clustered?: boolean;
  server_event_mode?: string;
  server_name?: string;
  server_pid?: number;
  server_version?: string;
  server_lts?: boolean;
  storage?: string;
  storage_version?: string;
  storage_supported_drivers?: { Name: string; Version: string; Remote: boolean }[];
}

/** GET /1.0 */
export interface LxdServer {
  api_extensions: string[];
  api_status: string;
  api_version: string;
  auth: 'trusted' | 'untrusted';
  auth_methods?: string[];
  auth_user_method?: string;
  auth_user_name?: string;
  client_certificate?: boolean;
  config?: Record<string, string>;
  environment?: LxdServerEnvironment;
  public: boolean;
  /** Present for fine-grained identities when asked with `with-access-entitlements`. */
  access_entitlements?: string[];
}
