// Address allowlists from configuration (`10.0.0.0/8, 196.201.214.5, 2001:db8::/32`).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Parses `10.0.0.0/8`, `196.201.214.5` or `2001:db8::/32` into a BlockList; throws on junk. */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!family) throw new Error(`${entry} is not an IP address or CIDR range`);
    if (bits === undefined) list.addAddress(address, family);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 'ipv4' ? 32 : 128))
        throw new Error(`${entry} has an invalid prefix length`);
      list.addSubnet(address, prefix, family);
    }
  }
  return list;
}
