/**
 * The closed list of New York neighborhoods a listing can be in, with approximate centers
 * (for a map's first view and the search page). Slugs are the stored and query values.
 */
export const BOROUGHS = [
  { slug: 'manhattan', name: 'Manhattan' },
  { slug: 'brooklyn', name: 'Brooklyn' },
  { slug: 'queens', name: 'Queens' },
  { slug: 'bronx', name: 'The Bronx' },
  { slug: 'staten-island', name: 'Staten Island' },
] as const;

export type Borough = (typeof BOROUGHS)[number]['slug'];
export const BOROUGH_SLUGS = BOROUGHS.map((b) => b.slug) as [Borough, ...Borough[]];

export type Neighborhood = {
  slug: string;
  name: string;
  borough: Borough;
  lat: number;
  lng: number;
};

const n = (slug: string, name: string, borough: Borough, lat: number, lng: number) => ({
  slug,
  name,
  borough,
  lat,
  lng,
});

export const NEIGHBORHOODS = [
  n('financial-district', 'Financial District', 'manhattan', 40.7075, -74.0113),
  n('battery-park-city', 'Battery Park City', 'manhattan', 40.7116, -74.0158),
  n('tribeca', 'Tribeca', 'manhattan', 40.7163, -74.0086),
  n('soho', 'SoHo', 'manhattan', 40.7233, -74.003),
  n('chinatown', 'Chinatown', 'manhattan', 40.7158, -73.997),
  n('lower-east-side', 'Lower East Side', 'manhattan', 40.715, -73.9843),
  n('east-village', 'East Village', 'manhattan', 40.7265, -73.9815),
  n('greenwich-village', 'Greenwich Village', 'manhattan', 40.7336, -73.9991),
  n('west-village', 'West Village', 'manhattan', 40.7358, -74.0036),
  n('chelsea', 'Chelsea', 'manhattan', 40.7465, -74.0014),
  n('flatiron', 'Flatiron', 'manhattan', 40.7401, -73.9903),
  n('gramercy-park', 'Gramercy Park', 'manhattan', 40.7368, -73.9845),
  n('kips-bay', 'Kips Bay', 'manhattan', 40.7423, -73.9801),
  n('murray-hill', 'Murray Hill', 'manhattan', 40.7479, -73.9757),
  n('midtown', 'Midtown', 'manhattan', 40.7549, -73.984),
  n('hells-kitchen', "Hell's Kitchen", 'manhattan', 40.7638, -73.9918),
  n('upper-west-side', 'Upper West Side', 'manhattan', 40.787, -73.9754),
  n('upper-east-side', 'Upper East Side', 'manhattan', 40.7736, -73.9566),
  n('morningside-heights', 'Morningside Heights', 'manhattan', 40.809, -73.962),
  n('harlem', 'Harlem', 'manhattan', 40.8116, -73.9465),
  n('east-harlem', 'East Harlem', 'manhattan', 40.7957, -73.9389),
  n('hamilton-heights', 'Hamilton Heights', 'manhattan', 40.8247, -73.949),
  n('washington-heights', 'Washington Heights', 'manhattan', 40.8417, -73.9394),
  n('inwood', 'Inwood', 'manhattan', 40.8677, -73.9212),
  n('williamsburg', 'Williamsburg', 'brooklyn', 40.7081, -73.9571),
  n('greenpoint', 'Greenpoint', 'brooklyn', 40.7304, -73.9515),
  n('bushwick', 'Bushwick', 'brooklyn', 40.6958, -73.9171),
  n('bedford-stuyvesant', 'Bedford-Stuyvesant', 'brooklyn', 40.6872, -73.9418),
  n('dumbo', 'DUMBO', 'brooklyn', 40.7033, -73.9881),
  n('brooklyn-heights', 'Brooklyn Heights', 'brooklyn', 40.696, -73.9936),
  n('cobble-hill', 'Cobble Hill', 'brooklyn', 40.686, -73.9969),
  n('carroll-gardens', 'Carroll Gardens', 'brooklyn', 40.6795, -73.9991),
  n('red-hook', 'Red Hook', 'brooklyn', 40.6734, -74.008),
  n('gowanus', 'Gowanus', 'brooklyn', 40.6733, -73.9903),
  n('fort-greene', 'Fort Greene', 'brooklyn', 40.6892, -73.9742),
  n('clinton-hill', 'Clinton Hill', 'brooklyn', 40.6896, -73.9661),
  n('park-slope', 'Park Slope', 'brooklyn', 40.671, -73.9814),
  n('prospect-heights', 'Prospect Heights', 'brooklyn', 40.6775, -73.9692),
  n('crown-heights', 'Crown Heights', 'brooklyn', 40.6694, -73.9422),
  n('windsor-terrace', 'Windsor Terrace', 'brooklyn', 40.6539, -73.9755),
  n('prospect-lefferts-gardens', 'Prospect Lefferts Gardens', 'brooklyn', 40.6592, -73.95),
  n('flatbush', 'Flatbush', 'brooklyn', 40.6415, -73.9594),
  n('ditmas-park', 'Ditmas Park', 'brooklyn', 40.6363, -73.9614),
  n('sunset-park', 'Sunset Park', 'brooklyn', 40.6455, -74.0124),
  n('bay-ridge', 'Bay Ridge', 'brooklyn', 40.6264, -74.0299),
  n('bensonhurst', 'Bensonhurst', 'brooklyn', 40.6018, -73.9936),
  n('sheepshead-bay', 'Sheepshead Bay', 'brooklyn', 40.5869, -73.954),
  n('brighton-beach', 'Brighton Beach', 'brooklyn', 40.5781, -73.9597),
  n('astoria', 'Astoria', 'queens', 40.7644, -73.9235),
  n('ditmars-steinway', 'Ditmars-Steinway', 'queens', 40.775, -73.912),
  n('long-island-city', 'Long Island City', 'queens', 40.7447, -73.9485),
  n('sunnyside', 'Sunnyside', 'queens', 40.7433, -73.9196),
  n('woodside', 'Woodside', 'queens', 40.7454, -73.903),
  n('jackson-heights', 'Jackson Heights', 'queens', 40.7557, -73.8831),
  n('elmhurst', 'Elmhurst', 'queens', 40.7362, -73.8779),
  n('corona', 'Corona', 'queens', 40.745, -73.8624),
  n('rego-park', 'Rego Park', 'queens', 40.7264, -73.8616),
  n('forest-hills', 'Forest Hills', 'queens', 40.7181, -73.8448),
  n('kew-gardens', 'Kew Gardens', 'queens', 40.7096, -73.8306),
  n('ridgewood', 'Ridgewood', 'queens', 40.7043, -73.9018),
  n('flushing', 'Flushing', 'queens', 40.7675, -73.833),
  n('bayside', 'Bayside', 'queens', 40.7687, -73.7771),
  n('jamaica', 'Jamaica', 'queens', 40.7027, -73.789),
  n('rockaway-beach', 'Rockaway Beach', 'queens', 40.586, -73.812),
  n('mott-haven', 'Mott Haven', 'bronx', 40.8091, -73.9229),
  n('concourse', 'Concourse', 'bronx', 40.8344, -73.9186),
  n('highbridge', 'Highbridge', 'bronx', 40.8376, -73.926),
  n('fordham', 'Fordham', 'bronx', 40.8615, -73.8904),
  n('belmont', 'Belmont', 'bronx', 40.855, -73.8869),
  n('kingsbridge', 'Kingsbridge', 'bronx', 40.8787, -73.905),
  n('riverdale', 'Riverdale', 'bronx', 40.89, -73.912),
  n('norwood', 'Norwood', 'bronx', 40.8777, -73.879),
  n('parkchester', 'Parkchester', 'bronx', 40.8376, -73.8606),
  n('morris-park', 'Morris Park', 'bronx', 40.852, -73.851),
  n('pelham-bay', 'Pelham Bay', 'bronx', 40.8507, -73.8331),
  n('throgs-neck', 'Throgs Neck', 'bronx', 40.819, -73.8192),
  n('city-island', 'City Island', 'bronx', 40.8468, -73.7874),
  n('st-george', 'St. George', 'staten-island', 40.6437, -74.0774),
  n('tompkinsville', 'Tompkinsville', 'staten-island', 40.6366, -74.0795),
  n('stapleton', 'Stapleton', 'staten-island', 40.627, -74.078),
  n('west-brighton', 'West Brighton', 'staten-island', 40.6271, -74.1093),
  n('port-richmond', 'Port Richmond', 'staten-island', 40.6355, -74.1254),
  n('new-dorp', 'New Dorp', 'staten-island', 40.5726, -74.117),
  n('great-kills', 'Great Kills', 'staten-island', 40.554, -74.151),
  n('tottenville', 'Tottenville', 'staten-island', 40.5085, -74.237),
] as const satisfies readonly Neighborhood[];

export type NeighborhoodSlug = (typeof NEIGHBORHOODS)[number]['slug'];
export const NEIGHBORHOOD_SLUGS = NEIGHBORHOODS.map((x) => x.slug) as [
  NeighborhoodSlug,
  ...NeighborhoodSlug[],
];

const bySlug = new Map<string, Neighborhood>(NEIGHBORHOODS.map((x) => [x.slug, x]));

export function findNeighborhood(slug: string): Neighborhood | undefined {
  return bySlug.get(slug);
}

export function boroughName(slug: string): string {
  return BOROUGHS.find((b) => b.slug === slug)?.name ?? slug;
}
