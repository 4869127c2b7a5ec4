// js-yaml ships without types (electron-updater reads feeds with it); the tests read the served feed the same way.
declare module 'js-yaml' {
  const yaml: { load(text: string): unknown };
  export default yaml;
}
