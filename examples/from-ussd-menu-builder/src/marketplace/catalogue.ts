/**
 * The marketplace's rows, as a database gives them: ids with gaps (rows were deleted), read
 * through async calls. A fresh catalogue per test: orders are written to it.
 */

/** A row of the categories table. */
export interface Category {
  readonly id: number;
  readonly name: string;
}

/** A row of the products table. */
export interface Product {
  readonly id: number;
  readonly categoryId: number;
  readonly name: string;
  readonly price: number;
}

/** What the apps ask of the database. */
export interface Catalogue {
  categories(): Promise<readonly Category[]>;
  category(id: number): Promise<Category | undefined>;
  products(categoryId: number): Promise<readonly Product[]>;
  product(id: number): Promise<Product | undefined>;
  order(phoneNumber: string, productId: number, quantity: number): Promise<void>;
  /** Orders placed so far, for the tests. */
  readonly orders: { phoneNumber: string; productId: number; quantity: number }[];
}

const categories: readonly Category[] = [
  { id: 1, name: 'Vegetables' },
  { id: 2, name: 'Fruits' },
  { id: 5, name: 'Grains' },
  { id: 9, name: 'Household' },
];

const household = [
  'Charcoal stove',
  'Water jerrycan 20 litres',
  'Solar lamp with phone charger',
  'Mosquito net, double bed',
  'Plastic basin, large',
  'Sufuria set of three',
  'Thermos flask 2 litres',
  'Broom and dustpan',
  'Bar soap, box of twelve',
  'Paraffin lantern',
];

const products: readonly Product[] = [
  { id: 3, categoryId: 1, name: 'Sukuma wiki (bunch)', price: 20 },
  { id: 4, categoryId: 1, name: 'Tomatoes (kg)', price: 120 },
  { id: 8, categoryId: 1, name: 'Onions (kg)', price: 90 },
  { id: 11, categoryId: 2, name: 'Mangoes (6)', price: 150 },
  { id: 12, categoryId: 2, name: 'Bananas (bunch)', price: 200 },
  { id: 21, categoryId: 5, name: 'Maize (90 kg bag)', price: 4500 },
  // A category long enough to need more than one screen.
  ...household.map((name, index) => ({
    id: 40 + index * 3,
    categoryId: 9,
    name,
    price: 300 + index * 50,
  })),
];

/** A fresh catalogue over the same rows. */
export function fakeCatalogue(): Catalogue {
  const orders: Catalogue['orders'] = [];
  return {
    orders,
    categories: async () => categories,
    category: async (id) => categories.find((row) => row.id === id),
    products: async (categoryId) => products.filter((row) => row.categoryId === categoryId),
    product: async (id) => products.find((row) => row.id === id),
    order: async (phoneNumber, productId, quantity) => {
      orders.push({ phoneNumber, productId, quantity });
    },
  };
}
