-- wrk script: the published app's list request (its headers, gzip accepted) for 500 points around five Polish cities, in turn.
local cities = {{52.2297,21.0122},{50.0647,19.9450},{51.1079,17.0385},{54.3520,18.6466},{52.4064,16.9252}}
local paths = {}
math.randomseed(7)
for i=1,500 do
  local c = cities[(i % #cities) + 1]
  local lat = c[1] + (math.random()-0.5)*0.2
  local lng = c[2] + (math.random()-0.5)*0.3
  paths[i] = string.format("/api/v1/announcements?lat=%.5f&lng=%.5f&range=10&limit=50", lat, lng)
end
local headers = {["Accept"]="application/json", ["Accept-Encoding"]="gzip, deflate, br", ["Accept-Language"]="pl-PL,pl;q=0.9", ["User-Agent"]="PetSpot/1.4 CFNetwork/1568.100.1 Darwin/24.0.0"}
local counter = 0
request = function()
  counter = counter % #paths + 1
  return wrk.format("GET", paths[counter], headers)
end
