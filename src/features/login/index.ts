export { loginRoutes } from './routes';
export { isLoginPath, logout, LOGIN_URL } from './logout';
export { loginPaths } from './paths';
