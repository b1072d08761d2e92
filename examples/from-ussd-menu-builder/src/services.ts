/**
 * The back ends the apps call, as small in-memory fakes. The tests give an original and its port
 * a fresh instance each, and compare what the two did with them.
 */

/** One customer's account at the bank of the banking app. */
export interface Account {
  readonly pin: string;
  balance: number;
}

/** What the apps ask of the back end. */
export interface Services {
  /** The README's `fetchBalance(phoneNumber)`. */
  fetchBalance(phoneNumber: string): Promise<number>;
  /** The README's `buyAirtime(phoneNumber, amount)`. */
  buyAirtime(phoneNumber: string, amount: number): Promise<void>;
  /** Adds to an account; the new balance. */
  deposit(phoneNumber: string, amount: number): Promise<number>;
  checkPin(phoneNumber: string, pin: string): Promise<boolean>;
  register(phoneNumber: string, person: Person): Promise<void>;
  registration(phoneNumber: string): Promise<Person | undefined>;
  /** Airtime bought so far, for the tests. */
  readonly airtime: { phoneNumber: string; amount: number }[];
}

/** A registered customer. */
export interface Person {
  readonly name: string;
  readonly email: string;
}

/** Fresh fakes: every phone number has an account with PIN `1234` and KES 500. */
export function fakeServices(): Services {
  const accounts = new Map<string, Account>();
  const people = new Map<string, Person>();
  const airtime: { phoneNumber: string; amount: number }[] = [];
  const account = (phoneNumber: string): Account => {
    let found = accounts.get(phoneNumber);
    if (found === undefined) {
      found = { pin: '1234', balance: 500 };
      accounts.set(phoneNumber, found);
    }
    return found;
  };
  return {
    airtime,
    fetchBalance: async (phoneNumber) => account(phoneNumber).balance,
    buyAirtime: async (phoneNumber, amount) => {
      airtime.push({ phoneNumber, amount });
    },
    deposit: async (phoneNumber, amount) => {
      const found = account(phoneNumber);
      found.balance += amount;
      return found.balance;
    },
    checkPin: async (phoneNumber, pin) => account(phoneNumber).pin === pin,
    register: async (phoneNumber, person) => {
      people.set(phoneNumber, person);
    },
    registration: async (phoneNumber) => people.get(phoneNumber),
  };
}
