/** uPlot and its stylesheet, loaded when the first chart appears (not in the first screen). */
export async function loadUPlot() {
  const [module] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return module.default;
}
