/** The sidebar and card title: "year make model"; badge and series go on the line below. */
export function vehicleTitle(car: { year?: number | null | undefined; make: string; model?: string | undefined }): string {
  return [car.year ?? undefined, car.make, car.model].filter((x) => x !== undefined && x !== '').join(' ');
}

export function vehicleSubtitle(car: { badge?: string | undefined; series?: string | undefined }): string {
  return [car.badge, car.series].filter(Boolean).join(' ');
}

/** The full name used where one line names the car (forms, the success page, reservations): title then subtitle. */
export function vehicleFullName(car: Parameters<typeof vehicleTitle>[0] & Parameters<typeof vehicleSubtitle>[0]): string {
  return `${vehicleTitle(car)} ${vehicleSubtitle(car)}`.trim();
}
