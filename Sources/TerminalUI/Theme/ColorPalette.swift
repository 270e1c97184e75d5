/// The standard xterm palette, for choosing the nearest terminal colour to an RGB colour.
enum ColorPalette {
  /// The 16 ANSI colours as xterm draws them by default.
  static let ansi: [RGB] = [
    RGB(0x000000), RGB(0xCD0000), RGB(0x00CD00), RGB(0xCDCD00),
    RGB(0x0000EE), RGB(0xCD00CD), RGB(0x00CDCD), RGB(0xE5E5E5),
    RGB(0x7F7F7F), RGB(0xFF0000), RGB(0x00FF00), RGB(0xFFFF00),
    RGB(0x5C5CFF), RGB(0xFF00FF), RGB(0x00FFFF), RGB(0xFFFFFF),
  ]

  /// The channel levels of the 6×6×6 colour cube at indices 16–231.
  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  static func nearest(to color: RGB, among palette: ArraySlice<RGB>) -> Int {
    var best = palette.startIndex
    var bestDistance = Int.max
    for index in palette.indices {
      let distance = color.distance(to: palette[index])
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }

  /// The nearest of the 240 fixed colours of a 256-colour terminal (the cube and the grey ramp);
  /// the first 16 are skipped because users often redefine them.
  static func nearest256(to color: RGB) -> Int {
    func nearestLevel(_ channel: UInt8) -> Int {
      var best = 0
      for (index, level) in cubeLevels.enumerated()
      where abs(level - Int(channel)) < abs(cubeLevels[best] - Int(channel)) {
        best = index
      }
      return best
    }
    let r = nearestLevel(color.red)
    let g = nearestLevel(color.green)
    let b = nearestLevel(color.blue)
    let cubeIndex = 16 + 36 * r + 6 * g + b
    let cubeColor = RGB(
      red: UInt8(cubeLevels[r]), green: UInt8(cubeLevels[g]), blue: UInt8(cubeLevels[b]))

    let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
    let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
    let greyLevel = UInt8(8 + 10 * greyStep)
    let greyColor = RGB(red: greyLevel, green: greyLevel, blue: greyLevel)

    return color.distance(to: greyColor) < color.distance(to: cubeColor) ? 232 + greyStep : cubeIndex
  }
}
