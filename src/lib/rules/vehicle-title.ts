/** The sidebar and card title: "year make model"; badge and series go on the line below. */
export function vehicleTitle(car: { year?: number | null | undefined; make: string; model?: string | undefined }): string {
  return [car.year ?? undefined, car.make, car.model].filter((x) => x !== undefined && x !== '').join(' ');
}

export function vehicleSubtitle(car: { badge?: string | undefined; series?: string | undefined }): string {
  return [car.badge, car.series].filter(Boolean).join(' ');
}
